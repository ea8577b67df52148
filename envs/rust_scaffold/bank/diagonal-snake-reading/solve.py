def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    a = [d[2 + i * m : 2 + (i + 1) * m] for i in range(n)]
    cells = [(i, j) for i in range(1, n + 1) for j in range(1, m + 1)]
    # sort by diagonal, then by row ascending on odd diagonals, descending on even ones
    cells.sort(key=lambda c: (c[0] + c[1], c[0] if (c[0] + c[1]) % 2 else -c[0]))
    return " ".join(str(a[i - 1][j - 1]) for i, j in cells) + "\n"
