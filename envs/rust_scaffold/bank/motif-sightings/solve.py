def solve(inp: str) -> str:
    g, m = inp.split()[:2]
    pos = [i + 1 for i in range(len(g) - len(m) + 1) if g.startswith(m, i)]
    if not pos:
        return "0 -1 -1\n"
    return f"{len(pos)} {pos[0]} {pos[-1]}\n"
