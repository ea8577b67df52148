def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    t = d[0]
    pos = 1
    out = []
    for _ in range(t):
        r = d[pos]
        rolls = d[pos + 1 : pos + 1 + r]
        pos += 1 + r
        totals = []
        acc = 0
        i = 0
        for frame in range(10):
            if frame == 9:
                acc += sum(rolls[i:])
            elif rolls[i] == 10:
                acc += 10 + rolls[i + 1] + rolls[i + 2]
                i += 1
            elif rolls[i] + rolls[i + 1] == 10:
                acc += 10 + rolls[i + 2]
                i += 2
            else:
                acc += rolls[i] + rolls[i + 1]
                i += 2
            totals.append(acc)
        out.append(" ".join(map(str, totals)))
    return "\n".join(out) + "\n"
