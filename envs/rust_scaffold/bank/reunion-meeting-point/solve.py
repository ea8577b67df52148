def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    x = sorted(d[1 : 1 + n])
    # total distance to p = sum over pairs from both ends: (x[n-1-i] - x[i]) when p lies between
    return f"{sum(x[n - 1 - i] - x[i] for i in range(n // 2))}\n"
