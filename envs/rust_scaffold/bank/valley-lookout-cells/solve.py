def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    a = [d[2 + i * m : 2 + (i + 1) * m] for i in range(n)]
    rmin = [min(r) for r in a]
    cmax = [max(a[i][j] for i in range(n)) for j in range(m)]
    hits = [(i, j) for i in range(n) for j in range(m) if a[i][j] == rmin[i] and a[i][j] == cmax[j]]
    if not hits:
        return "0\n"
    return f"{len(hits)}\n{hits[0][0] + 1} {hits[0][1] + 1}\n"
