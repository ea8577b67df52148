def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    h = d[2 : 2 + n]
    INF = float("inf")
    best = [INF] * n
    best[0] = 0
    for i in range(n - 1):
        bi, hi = best[i], h[i]
        for j in range(i + 1, min(n, i + k + 1)):
            c = bi + abs(hi - h[j])
            if c < best[j]:
                best[j] = c
    return f"{best[n - 1]}\n"
