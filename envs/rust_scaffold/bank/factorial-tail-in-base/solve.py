def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    out = []
    for i in range(v[0]):
        n, b = v[1 + 2 * i], v[2 + 2 * i]
        factors: dict[int, int] = {}
        d = 2
        while d * d <= b:
            while b % d == 0:
                factors[d] = factors.get(d, 0) + 1
                b //= d
            d += 1 if d == 2 else 2
        if b > 1:
            factors[b] = factors.get(b, 0) + 1
        best = None
        for p, e in factors.items():
            # exponent of p in n! by Legendre's formula
            k, q = 0, p
            while q <= n:
                k += n // q
                q *= p
            best = k // e if best is None else min(best, k // e)
        out.append(str(best))
    return "\n".join(out) + "\n"
