def solve(inp: str) -> str:
    lines = inp.split()
    n = int(lines[0])
    total = 0
    for tok in lines[1 : 1 + n]:
        a, b = tok.split(":")
        total += int(a) * 60 + int(b)
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return "%d:%02d:%02d\n" % (h, m, s)
