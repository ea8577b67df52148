def solve(inp: str) -> str:
    tok = inp.split()
    q = int(tok[0])
    out = []
    for i in range(q):
        p, c = tok[1 + 2 * i], tok[2 + 2 * i]
        # the same pattern of first occurrences on both sides
        ok = [p.index(x) for x in p] == [c.index(y) for y in c]
        out.append("YES" if ok else "NO")
    return "\n".join(out) + "\n"
