from collections import deque


def solve(inp: str) -> str:
    tok = inp.split()
    n, m = int(tok[0]), int(tok[1])
    g = tok[2 : 2 + n]
    for r in range(n):
        for c in range(m):
            if g[r][c] == "S":
                s = (r, c)
    dist = {s: 0}
    q = deque([s])
    while q:
        x, y = q.popleft()
        if g[x][y] == "E":
            return f"{dist[(x, y)]}\n"
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < n and 0 <= ny < m and g[nx][ny] != "#" and (nx, ny) not in dist:
                dist[(nx, ny)] = dist[(x, y)] + 1
                q.append((nx, ny))
    return "-1\n"
