def solve(inp: str) -> str:
    lines = inp.split("\n")
    n = int(lines[0])
    pile = []
    out = []
    for i in range(1, n + 1):
        parts = lines[i].split()
        if parts[0] == "ADD":
            pile.append(int(parts[1]))
        elif parts[0] == "TAKE":
            if pile:
                pile.pop()
        else:
            out.append(str(max(pile)) if pile else "EMPTY")
    return "\n".join(out) + ("\n" if out else "")
