def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    a = [d[2 + i * m : 2 + (i + 1) * m] for i in range(n)]
    best = None
    for i in range(n - 1):
        for j in range(m - 1):
            t = a[i][j] + a[i][j + 1] + a[i + 1][j] + a[i + 1][j + 1]
            if best is None or t > best[0]:
                best = (t, i + 1, j + 1)
    return f"{best[0]} {best[1]} {best[2]}\n"
