def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        n, k = d[1 + 2 * i], d[2 + 2 * i]
        if n <= 20 and k <= 25:
            # brute force: reachable counts of weights summing to n
            possible = set()

            def rec(rem, largest, used):
                if rem == 0:
                    possible.add(used)
                    return
                p = largest
                while p >= 1:
                    if p <= rem:
                        rec(rem - p, p, used + 1)
                    p //= 2

            rec(n, 16, 0)
            out.append("YES" if k in possible else "NO")
        else:
            out.append("YES" if bin(n).count("1") <= k <= n else "NO")
    return "\n".join(out) + "\n"
