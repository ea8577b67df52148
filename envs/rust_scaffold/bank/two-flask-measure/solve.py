from collections import deque


def solve(inp: str) -> str:
    a, b, t = map(int, inp.split())
    start = (0, 0)
    dist = {start: 0}
    q = deque([start])
    while q:
        x, y = q.popleft()
        if x == t or y == t:
            return f"{dist[(x, y)]}\n"
        py = min(x, b - y)
        px = min(y, a - x)
        for nx in [(a, y), (x, b), (0, y), (x, 0), (x - py, y + py), (x + px, y - px)]:
            if nx not in dist:
                dist[nx] = dist[(x, y)] + 1
                q.append(nx)
    return "-1\n"
