def solve(inp: str) -> str:
    t = inp.split()
    n = int(t[0])
    out = []
    for k in range(n):
        g = t[1 + 9 * k : 10 + 9 * k]
        units = []
        units += [set(g[r]) for r in range(9)]
        units += [set(g[r][c] for r in range(9)) for c in range(9)]
        units += [
            set(g[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3))
            for br in (0, 3, 6)
            for bc in (0, 3, 6)
        ]
        broken = sum(1 for u in units if len(u) != 9)
        out.append("OK" if broken == 0 else f"BAD {broken}")
    return "\n".join(out) + "\n"
