def solve(inp: str) -> str:
    m = int(inp.split()[0])
    if m == 1:
        return "1 1\n"
    # the period is the first p >= 1 at which the pair (F_p, F_{p+1}) returns to (0, 1)
    a, b = 0, 1
    p = 0
    zeros = 0
    while True:
        if a == 0:
            zeros += 1
        a, b = b, (a + b) % m
        p += 1
        if a == 0 and b == 1:
            return f"{p} {zeros}\n"
