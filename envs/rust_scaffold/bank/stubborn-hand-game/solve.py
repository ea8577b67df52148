from math import gcd

BEATS = {("R", "S"), ("S", "P"), ("P", "R")}


def solve(inp: str) -> str:
    tok = inp.split()
    N = int(tok[0])
    a, b = tok[1], tok[2]
    p, q = len(a), len(b)
    L = p * q // gcd(p, q)
    # count outcomes inside one period and inside the first N % L rounds
    full = [0, 0, 0]
    part = [0, 0, 0]
    rem = N % L if N >= L else N
    for i in range(min(L, N)):
        x, y = a[i % p], b[i % q]
        k = 0 if (x, y) in BEATS else 1 if (y, x) in BEATS else 2
        full[k] += 1
        if i < rem:
            part[k] += 1
    res = full if N < L else [full[k] * (N // L) + part[k] for k in range(3)]
    return " ".join(map(str, res)) + "\n"
