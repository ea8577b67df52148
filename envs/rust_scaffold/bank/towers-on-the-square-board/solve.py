def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    rows, cols = set(), set()
    res = []
    for i in range(k):
        rows.add(d[2 + 2 * i])
        cols.add(d[3 + 2 * i])
        res.append((n - len(rows)) * (n - len(cols)))
    return " ".join(map(str, res)) + "\n"
