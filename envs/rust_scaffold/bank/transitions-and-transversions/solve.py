def solve(inp: str) -> str:
    a, b = inp.split()[:2]
    ts = tv = 0
    for x, y in zip(a, b, strict=False):
        if x == y:
            continue
        if {x, y} in ({"A", "G"}, {"C", "T"}):
            ts += 1
        else:
            tv += 1
    return f"{ts} {tv}\n"
