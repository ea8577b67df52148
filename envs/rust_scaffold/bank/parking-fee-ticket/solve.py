def solve(inp: str) -> str:
    tok = inp.split()
    t, F, c, M = map(int, tok[:4])
    out = []

    def mins(s):
        h, m = s.split(":")
        return int(h) * 60 + int(m)

    for i in range(t):
        d = mins(tok[5 + 2 * i]) - mins(tok[4 + 2 * i])
        fee = 0
        paid_minutes = 0
        while F + paid_minutes < d:
            paid_minutes += 60
            fee += c
        out.append(str(min(fee, M)))
    return "\n".join(out) + "\n"
