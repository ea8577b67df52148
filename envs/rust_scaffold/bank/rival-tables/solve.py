def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    adj = [[] for _ in range(n + 1)]
    for i in range(m):
        a, b = d[2 + 2 * i], d[3 + 2 * i]
        adj[a].append(b)
        adj[b].append(a)
    col = [-1] * (n + 1)
    total = 0
    for s in range(1, n + 1):
        if col[s] >= 0:
            continue
        col[s] = 0
        cnt = [1, 0]
        stack = [s]
        while stack:
            u = stack.pop()
            for v in adj[u]:
                if col[v] < 0:
                    col[v] = 1 - col[u]
                    cnt[col[v]] += 1
                    stack.append(v)
                elif col[v] == col[u]:
                    return "NO\n"
        total += min(cnt)
    return f"YES {total}\n"
