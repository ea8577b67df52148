def compose(a, b):
    # apply a then b: site i -> b[a[i]]
    return [b[x] for x in a]


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    p = [x - 1 for x in d[2 : 2 + n]]
    # move[i] = site reached after k ticks by the atom starting on site i (binary powering)
    move = list(range(n))
    base = p[:]
    while k:
        if k & 1:
            move = compose(move, base)
        base = compose(base, base)
        k >>= 1
    site = [0] * n
    for atom in range(n):
        site[move[atom]] = atom + 1
    return " ".join(map(str, site)) + "\n"
