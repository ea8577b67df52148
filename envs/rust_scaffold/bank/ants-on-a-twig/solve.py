def simulate(L, ants):
    # doubled coordinates, half-second steps; ants meeting at one point both turn around
    cur = [[2 * x, -1 if d == "L" else 1] for x, d in ants]
    t = 0
    left = 0
    last = 0
    while cur:
        t += 1
        for a in cur:
            a[0] += a[1]
        where = {}
        for a in cur:
            where.setdefault(a[0], []).append(a)
        for grp in where.values():
            if len(grp) == 2:
                for a in grp:
                    a[1] = -a[1]
        keep = []
        for a in cur:
            if a[0] <= 0:
                left += 1
                last = t
            elif a[0] >= 2 * L:
                last = t
            else:
                keep.append(a)
        cur = keep
    return last // 2, left


def solve(inp: str) -> str:
    parts = inp.split()
    n, L = int(parts[0]), int(parts[1])
    ants = [(int(parts[2 + 2 * i]), parts[3 + 2 * i]) for i in range(n)]
    if n <= 10 and L <= 2000:
        t, left = simulate(L, ants)
        return f"{t} {left}\n"
    best = max(x if d == "L" else L - x for x, d in ants)
    left = sum(1 for _, d in ants if d == "L")
    return f"{best} {left}\n"
