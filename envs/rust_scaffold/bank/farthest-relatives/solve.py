from collections import deque


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    adj = [[] for _ in range(n + 1)]
    for i in range(1, n + 1):
        p = d[i]
        if p:
            adj[i].append(p)
            adj[p].append(i)

    def bfs(s):
        dist = [-1] * (n + 1)
        dist[s] = 0
        q = deque([s])
        far = s
        while q:
            u = q.popleft()
            if dist[u] > dist[far]:
                far = u
            for x in adj[u]:
                if dist[x] < 0:
                    dist[x] = dist[u] + 1
                    q.append(x)
        return far, dist[far]

    a, _ = bfs(1)
    _, dd = bfs(a)
    return f"{dd}\n"
