def solve(inp: str) -> str:
    c, f, L, R = map(int, inp.split())

    def upto(x):
        # number of full-moon days in [0, x]
        if x < f:
            return 0
        return (x - f) // c + 1

    cnt = upto(R) - (upto(L - 1) if L > 0 else 0)
    if cnt == 0:
        return "0 -1\n"
    # first day >= L congruent to f
    first = f if f >= L else f + -(-(L - f) // c) * c
    return f"{cnt} {first}\n"
