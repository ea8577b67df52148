def solve(inp: str) -> str:
    lines = inp.split()
    n = int(lines[0])
    vs = lines[1 : 1 + n]

    def key(v):
        p = [int(x) for x in v.split(".")]
        while p and p[-1] == 0:
            p.pop()
        return p

    return "".join(v + "\n" for v in sorted(vs, key=key))
