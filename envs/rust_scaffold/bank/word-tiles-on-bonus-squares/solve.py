def value(ch):
    if ch in "aeiou":
        return 1
    if ch in "qxz":
        return 10
    return 3


def solve(inp: str) -> str:
    t = inp.split()
    n = int(t[0])
    out = []
    for i in range(n):
        w, sq = t[1 + 2 * i], t[2 + 2 * i]
        base = 0
        mult = 1
        for ch, s in zip(w, sq, strict=False):
            v = value(ch)
            if s == "d":
                v *= 2
            elif s == "t":
                v *= 3
            elif s == "D":
                mult *= 2
            elif s == "T":
                mult *= 3
            base += v
        out.append(str(base * mult))
    return "\n".join(out) + "\n"
