def solve(inp: str) -> str:
    lines = inp.strip().split("\n")
    t = int(lines[0])
    out = []
    for line in lines[1 : 1 + t]:
        p = line.split()
        cards = p[1:]
        base = 0
        aces = 0
        for c in cards:
            if c == "A":
                aces += 1
            elif c in "JQK":
                base += 10
            else:
                base += int(c)
        best = None
        for big in range(aces + 1):
            v = base + aces + 10 * big
            if v <= 21 and (best is None or v > best):
                best = v
        if len(cards) == 2 and best == 21:
            out.append("BLACKJACK")
        elif best is None:
            out.append("BUST")
        else:
            out.append(str(best))
    return "\n".join(out) + "\n"
