def solve(inp: str) -> str:
    t = inp.split()
    n, m = int(t[0]), int(t[1])
    g = t[2 : 2 + n]
    if not any("#" in row for row in g):
        return "-1\n"
    up = [[0] * m for _ in range(n)]
    down = [[0] * m for _ in range(n)]
    left = [[0] * m for _ in range(n)]
    right = [[0] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            if g[i][j] == "#":
                up[i][j] = (up[i - 1][j] if i else 0) + 1
                left[i][j] = (left[i][j - 1] if j else 0) + 1
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            if g[i][j] == "#":
                down[i][j] = (down[i + 1][j] if i + 1 < n else 0) + 1
                right[i][j] = (right[i][j + 1] if j + 1 < m else 0) + 1
    best = 0
    for i in range(n):
        for j in range(m):
            if g[i][j] == "#":
                best = max(best, min(up[i][j], down[i][j], left[i][j], right[i][j]) - 1)
    return f"{best}\n"
