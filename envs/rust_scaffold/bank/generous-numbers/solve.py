def solve(inp: str) -> str:
    nums = list(map(int, inp.split()))[1:]
    out = []
    for n in nums:
        total = 0
        d = 1
        while d * d <= n:
            if n % d == 0:
                total += d
                if d != n // d:
                    total += n // d
            d += 1
        total -= n
        out.append("generous" if total > n else "balanced" if total == n else "modest")
    return "\n".join(out) + "\n"
