def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    h = d[1 : 1 + n]
    return f"{sum(1 for a, b in zip(h, sorted(h), strict=False) if a != b)}\n"
