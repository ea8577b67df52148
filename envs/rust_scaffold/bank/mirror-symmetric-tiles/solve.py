def solve(inp: str) -> str:
    tok = inp.split()
    t = int(tok[0])
    pos = 1
    out = []
    for _ in range(t):
        n = int(tok[pos])
        g = tok[pos + 2 : pos + 2 + n]
        pos += 2 + n
        lr = all(row == row[::-1] for row in g)
        tb = g == g[::-1]
        out.append("both" if lr and tb else "left-right" if lr else "top-bottom" if tb else "none")
    return "\n".join(out) + "\n"
