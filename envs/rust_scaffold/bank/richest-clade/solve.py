def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    p = [0, *d[1 : 1 + n]]
    w = [0, *d[1 + n : 1 + 2 * n]]
    # depth by path compression, then add sums from deepest up
    depth = [-1] * (n + 1)
    root = p.index(0, 1)
    depth[root] = 0
    for v in range(1, n + 1):
        path = []
        u = v
        while depth[u] < 0:
            path.append(u)
            u = p[u]
        dd = depth[u]
        for x in reversed(path):
            dd += 1
            depth[x] = dd
    total = w[:]
    for v in sorted(range(1, n + 1), key=lambda x: -depth[x]):
        if p[v]:
            total[p[v]] += total[v]
    best = max(total[1:])
    return f"{best} {total.index(best, 1)}\n"
