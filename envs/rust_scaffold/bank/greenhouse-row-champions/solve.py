def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    return f"{sum(max(d[2 + i * m : 2 + (i + 1) * m]) for i in range(n))}\n"
