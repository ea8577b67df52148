from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    p = [0, *d[1 : 1 + n]]
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
        for w in reversed(path):
            dd += 1
            depth[w] = dd
    c = Counter(depth[1:])
    gens = max(c) + 1
    big = max(c.values())
    first = min(g for g in c if c[g] == big)
    return f"{gens} {big} {first}\n"
