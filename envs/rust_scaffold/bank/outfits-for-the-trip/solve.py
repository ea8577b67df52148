def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        s, p, h, c = d[1 + 4 * i : 5 + 4 * i]
        out.append(str(s * p * (h + 1) * (c + 1)))
    return "\n".join(out) + "\n"
