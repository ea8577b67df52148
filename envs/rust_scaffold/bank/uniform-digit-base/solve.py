def uniform(n, b):
    d = n % b
    cnt = 0
    while n:
        if n % b != d:
            return None
        n //= b
        cnt += 1
    return d if cnt >= 2 else None


def solve(inp: str) -> str:
    n = int(inp.split()[0])
    # three or more digits need b * b < n: try those bases directly
    b = 2
    while b * b < n:
        d = uniform(n, b)
        if d is not None:
            return f"{b} {d}\n"
        b += 1
    # two digits: n = d * (b + 1) with 1 <= d < b; the smallest b means the largest d,
    # i.e. the smallest divisor m = b + 1 of n with n / m < m - 1
    best = None
    i = 1
    while i * i <= n:
        if n % i == 0:
            for m in (i, n // i):
                dd = n // m
                bb = m - 1
                if bb >= b and 1 <= dd < bb and (best is None or bb < best[0]):
                    best = (bb, dd)
        i += 1
    return f"{best[0]} {best[1]}\n"
