def solve(inp: str) -> str:
    g, m = inp.split()[:2]
    pos = []
    start = 0
    for c in m:
        p = g.find(c, start)
        if p < 0:
            return "-1\n"
        pos.append(p + 1)
        start = p + 1
    return " ".join(map(str, pos)) + "\n"
