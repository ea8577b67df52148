def solve(inp: str) -> str:
    tok = inp.split()
    q = int(tok[0])
    out = []
    for i in range(q):
        length, p, t = int(tok[1 + 4 * i]), int(tok[2 + 4 * i]), int(tok[3 + 4 * i])
        d = tok[4 + 4 * i]
        # unfold the motion on a circle of length 2L: u in [0, 2L), moving up
        u = p if d == "R" else 2 * length - p
        u = (u + t) % (2 * length)
        if u < length:
            out.append(f"{u} R")
        else:
            # u == L: at the far end, leaving towards 0
            out.append(f"{2 * length - u} L")
    return "\n".join(out) + "\n"
