def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    r = d[1 : 1 + n]
    wet = dry = 0
    hi = lo = r[0]
    for x in r[1:]:
        if x > hi:
            wet += 1
            hi = x
        if x < lo:
            dry += 1
            lo = x
    return f"{wet} {dry}\n"
