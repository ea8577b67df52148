from collections import deque


def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    n, m, lim = v[0], v[1], v[2]
    a = v[3:]
    dist = [-1] * (n * m)
    dist[0] = 0
    q = deque([0])
    while q:
        u = q.popleft()
        r, c = divmod(u, m)
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < n and 0 <= nc < m:
                w = nr * m + nc
                if dist[w] < 0 and abs(a[w] - a[u]) <= lim:
                    dist[w] = dist[u] + 1
                    q.append(w)
    return f"{dist[n * m - 1]}\n"
