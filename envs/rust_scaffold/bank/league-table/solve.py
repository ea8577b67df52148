def solve(inp: str) -> str:
    tok = inp.split()
    n, m = int(tok[0]), int(tok[1])
    names = tok[2 : 2 + n]
    pts = {x: 0 for x in names}
    gf = {x: 0 for x in names}
    ga = {x: 0 for x in names}
    p = 2 + n
    for _ in range(m):
        h, a, x, y = tok[p], tok[p + 1], int(tok[p + 2]), int(tok[p + 3])
        p += 4
        gf[h] += x
        ga[h] += y
        gf[a] += y
        ga[a] += x
        if x > y:
            pts[h] += 3
        elif x < y:
            pts[a] += 3
        else:
            pts[h] += 1
            pts[a] += 1
    order = sorted(names, key=lambda t: (-pts[t], -(gf[t] - ga[t]), -gf[t], t))
    return "".join(f"{t} {pts[t]} {gf[t] - ga[t]}\n" for t in order)
