def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, lo, hi = d[0], d[1], d[2]
    on = False
    minutes = switches = 0
    for x in d[3 : 3 + n]:
        new = True if x < lo else (False if x > hi else on)
        if new and not on:
            switches += 1
        on = new
        minutes += on
    return f"{minutes} {switches}\n"
