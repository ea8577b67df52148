def valid(s: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(s)):
        d = int(ch)
        if i % 2 == 1:
            d = d * 2 if d < 5 else d * 2 - 9
        total += d
    return total % 10 == 0


def solve(inp: str) -> str:
    cards = inp.split()[1:]
    out = []
    for c in cards:
        fits = [c.replace("?", str(d)) for d in range(10) if valid(c.replace("?", str(d)))]
        out.append(fits[0])
    return "\n".join(out) + "\n"
