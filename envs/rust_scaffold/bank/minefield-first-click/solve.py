def solve(inp: str) -> str:
    lines = inp.split()
    n, m, r, c = map(int, lines[:4])
    g = lines[4 : 4 + n]
    r -= 1
    c -= 1
    if g[r][c] == "*":
        return "BOOM\n"
    num = [[0] * m for _ in range(n)]
    for i in range(n):
        for j in range(m):
            if g[i][j] == "*":
                for di in (-1, 0, 1):
                    for dj in (-1, 0, 1):
                        a, b = i + di, j + dj
                        if 0 <= a < n and 0 <= b < m:
                            num[a][b] += 1
    seen = [[False] * m for _ in range(n)]
    seen[r][c] = True
    stack = [(r, c)]
    count = 0
    while stack:
        i, j = stack.pop()
        count += 1
        if num[i][j] != 0:
            continue
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                a, b = i + di, j + dj
                if 0 <= a < n and 0 <= b < m and not seen[a][b]:
                    seen[a][b] = True
                    stack.append((a, b))
    return f"{count}\n"
