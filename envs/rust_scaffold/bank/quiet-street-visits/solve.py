def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    c = d[1 : 1 + n]
    best = [0] * (n + 1)  # best[i]: houses 1..i considered
    best[1] = c[0]
    for i in range(2, n + 1):
        best[i] = max(best[i - 1], best[i - 2] + c[i - 1])
    return f"{best[n]}\n"
