from fractions import Fraction


def solve(inp: str) -> str:
    lines = inp.split()
    out = []
    for tm in lines[1:]:
        h, m = int(tm[:2]), int(tm[3:])
        hour = Fraction(30) * (h % 12) + Fraction(m, 2)
        minute = Fraction(6 * m)
        d = abs(hour - minute) % 360
        d = min(d, 360 - d)
        if d.denominator == 1:
            out.append(str(d.numerator))
        else:
            out.append(f"{d.numerator // 2}.5")
    return "\n".join(out) + "\n"
