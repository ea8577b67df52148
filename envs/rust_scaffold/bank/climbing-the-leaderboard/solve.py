def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, q = d[0], d[1]
    s = d[2 : 2 + n]
    out = []
    p = 2 + n
    for _ in range(q):
        i, x = d[p] - 1, d[p + 1]
        p += 2
        s[i] += x
        me = s[i]
        out.append(str(1 + sum(1 for v in s if v > me)))
    return "\n".join(out) + "\n"
