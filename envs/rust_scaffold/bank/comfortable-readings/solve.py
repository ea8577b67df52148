def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, lo, hi = d[0], d[1], d[2]
    good = [x for x in d[3 : 3 + n] if lo <= x <= hi]
    return f"{len(good)} {sum(good)}\n"
