from collections import deque


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    adj = [[] for _ in range(n + 1)]
    for i in range(m):
        a, b = d[2 + 2 * i], d[3 + 2 * i]
        adj[a].append(b)
        adj[b].append(a)
    dist = [-1] * (n + 1)
    dist[1] = 0
    q = deque([1])
    while q:
        u = q.popleft()
        for v in adj[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                q.append(v)
    return f"{dist[n]}\n"
