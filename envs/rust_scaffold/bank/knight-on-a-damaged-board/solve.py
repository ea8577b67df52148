from collections import deque


def solve(inp: str) -> str:
    tok = inp.split()
    n = int(tok[0])
    g = tok[1 : 1 + n]
    r1, c1, r2, c2 = (int(x) - 1 for x in tok[1 + n : 5 + n])
    dist = [[-1] * n for _ in range(n)]
    dist[r1][c1] = 0
    q = deque([(r1, c1)])
    moves = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    while q:
        r, c = q.popleft()
        if (r, c) == (r2, c2):
            break
        for dr, dc in moves:
            a, b = r + dr, c + dc
            if 0 <= a < n and 0 <= b < n and g[a][b] == "." and dist[a][b] < 0:
                dist[a][b] = dist[r][c] + 1
                q.append((a, b))
    return f"{dist[r2][c2]}\n"
