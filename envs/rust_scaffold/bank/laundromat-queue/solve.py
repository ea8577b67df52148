def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    t = sorted(d[1 : 1 + n])
    # the customer served at position i (0-based) is waited for by the n - 1 - i later ones
    return f"{sum(x * (n - 1 - i) for i, x in enumerate(t))}\n"
