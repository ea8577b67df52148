def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        p = d[1 + 6 * i : 7 + 6 * i]
        xs, ys = p[0::2], p[1::2]
        x = next(v for v in set(xs) if xs.count(v) == 1)
        y = next(v for v in set(ys) if ys.count(v) == 1)
        out.append(f"{x} {y}")
    return "\n".join(out) + "\n"
