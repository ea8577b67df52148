from collections import deque


def solve(inp: str) -> str:
    lines = inp.split()
    n, m = int(lines[0]), int(lines[1])
    g = lines[2 : 2 + n]
    seen = [[False] * m for _ in range(n)]
    count = 0
    best = 0
    for r in range(n):
        for c in range(m):
            if g[r][c] == "#" and not seen[r][c]:
                count += 1
                seen[r][c] = True
                q = deque([(r, c)])
                size = 0
                while q:
                    x, y = q.popleft()
                    size += 1
                    for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                        if 0 <= nx < n and 0 <= ny < m and not seen[nx][ny] and g[nx][ny] == "#":
                            seen[nx][ny] = True
                            q.append((nx, ny))
                best = max(best, size)
    return f"{count} {best}\n"
