MOD = 10**9 + 7


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    qs = d[1 : 1 + d[0]]
    top = max(qs)
    out = []
    fact = [1] * (2 * top + 2)
    for i in range(1, len(fact)):
        fact[i] = fact[i - 1] * i % MOD
    for n in qs:
        if n <= 15:
            # height-by-height dynamic programming
            ways = {0: 1}
            for _ in range(2 * n):
                nw = {}
                for h, c in ways.items():
                    nw[h + 1] = nw.get(h + 1, 0) + c
                    if h > 0:
                        nw[h - 1] = nw.get(h - 1, 0) + c
                ways = nw
            out.append(str(ways.get(0, 0) % MOD))
        else:
            num = fact[2 * n]
            den = fact[n] * fact[n + 1] % MOD
            out.append(str(num * pow(den, MOD - 2, MOD) % MOD))
    return "\n".join(out) + "\n"
