def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    a = d[2:]
    best = [[0] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            v = a[i * m + j]
            if i == 0 and j == 0:
                best[i][j] = v
            elif i == 0:
                best[i][j] = best[i][j - 1] + v
            elif j == 0:
                best[i][j] = best[i - 1][j] + v
            else:
                best[i][j] = max(best[i - 1][j], best[i][j - 1]) + v
    return f"{best[n - 1][m - 1]}\n"
