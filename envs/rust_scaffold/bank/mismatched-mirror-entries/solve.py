def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    a = [d[1 + i * n : 1 + (i + 1) * n] for i in range(n)]
    bad = [(i, j) for i in range(n) for j in range(i + 1, n) if a[i][j] != a[j][i]]
    if not bad:
        return "0\n"
    i, j = bad[0]
    return f"{len(bad)}\n{i + 1} {j + 1}\n"
