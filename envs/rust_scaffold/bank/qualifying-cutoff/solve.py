def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    p = d[2 : 2 + n]
    cut = sorted(p, reverse=True)[k - 1]
    return f"{sum(1 for x in p if x >= cut and x > 0)}\n"
