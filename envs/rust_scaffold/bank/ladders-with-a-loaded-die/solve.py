from collections import deque


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    N, k = d[0], d[1]
    jump = {}
    for i in range(k):
        jump[d[2 + 2 * i]] = d[3 + 2 * i]
    dist = {1: 0}
    q = deque([1])
    while q:
        u = q.popleft()
        if u == N:
            return f"{dist[u]}\n"
        for r in range(1, 7):
            v = u + r
            if v > N:
                break
            v = jump.get(v, v)
            if v not in dist:
                dist[v] = dist[u] + 1
                q.append(v)
    return "-1\n"
