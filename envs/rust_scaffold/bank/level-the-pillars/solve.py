def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    h = d[1 : 1 + n]
    m = max(h)
    return f"{sum(m - x for x in h)}\n"
