def solve(inp: str) -> str:
    t = inp.split()
    n, m, q = int(t[0]), int(t[1]), int(t[2])
    rows, cols = set(), set()
    for i in range(q):
        kind, x = t[3 + 2 * i], int(t[4 + 2 * i])
        s = rows if kind == "R" else cols
        s ^= {x}
    if n <= 10 and m <= 10:
        on = 0
        for i in range(1, n + 1):
            for j in range(1, m + 1):
                on += ((i in rows) + (j in cols)) % 2
        return f"{on}\n"
    r, c = len(rows), len(cols)
    return f"{r * (m - c) + (n - r) * c}\n"
