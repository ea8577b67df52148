def solve(inp: str) -> str:
    tok = inp.split()
    n = int(tok[0])
    rows = []
    for i in range(n):
        c = tok[1 + 4 * i]
        g, s, b = map(int, tok[2 + 4 * i : 5 + 4 * i])
        rows.append((-g, -s, -b, c))
    rows.sort()
    return "".join(r[3] + "\n" for r in rows)
