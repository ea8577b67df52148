def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    adj = [[] for _ in range(n + 1)]
    for i in range(m):
        a, b = d[2 + 2 * i], d[3 + 2 * i]
        adj[a].append(b)
        adj[b].append(a)
    seen = [False] * (n + 1)
    groups = 0
    best = 0
    for v in range(1, n + 1):
        if seen[v]:
            continue
        groups += 1
        seen[v] = True
        stack = [v]
        size = 0
        while stack:
            u = stack.pop()
            size += 1
            for w in adj[u]:
                if not seen[w]:
                    seen[w] = True
                    stack.append(w)
        best = max(best, size)
    return f"{groups} {best}\n"
