def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    tot = {}
    for i in range(n):
        c, a = d[1 + 2 * i], d[2 + 2 * i]
        tot[c] = tot.get(c, 0) + a
    best = max(tot.values())
    card = min(c for c, v in tot.items() if v == best)
    return f"{card} {best}\n"
