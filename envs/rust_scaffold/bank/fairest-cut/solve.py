def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    v = d[1 : 1 + n]
    total = sum(v)
    left = 0
    best = None
    for c in range(1, n):
        left += v[c - 1]
        diff = abs(2 * left - total)
        if best is None or diff < best[1]:
            best = (c, diff)
    return f"{best[0]} {best[1]}\n"
