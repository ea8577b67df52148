from math import gcd


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, N = d[0], d[1]
    p = d[2 : 2 + n]
    if N <= 200000:
        return f"{sum(1 for x in range(1, N + 1) if any(x % q == 0 for q in p))}\n"
    total = 0

    def rec(i, l, k):
        nonlocal total
        if i == n:
            if k:
                total += (N // l) * (1 if k % 2 else -1)
            return
        rec(i + 1, l, k)
        nl = l * p[i] // gcd(l, p[i])
        rec(i + 1, nl, k + 1)

    rec(0, 1, 0)
    return f"{total}\n"
