def solve(inp: str) -> str:
    lines = inp.split()
    t = int(lines[0])
    names = ["0", "15", "30", "40"]
    out = []
    for g in lines[1 : 1 + t]:
        a = g.count("A")
        b = g.count("B")
        if a >= 4 and a - b >= 2:
            out.append("GAME A")
        elif b >= 4 and b - a >= 2:
            out.append("GAME B")
        elif a >= 3 and b >= 3:
            if a == b:
                out.append("DEUCE")
            else:
                out.append("ADVANTAGE " + ("A" if a > b else "B"))
        else:
            out.append(names[a] + "-" + names[b])
    return "\n".join(out) + "\n"
