MOD = 10**9 + 7


def solve(inp: str) -> str:
    n, f, s = map(int, inp.split())
    # inclusion-exclusion over dice forced above f
    fact = [1] * (s + n + 5)
    for i in range(1, len(fact)):
        fact[i] = fact[i - 1] * i % MOD

    def comb(a, b):
        if b < 0 or a < b or a < 0:
            return 0
        return fact[a] * pow(fact[b] * fact[a - b] % MOD, MOD - 2, MOD) % MOD

    total = 0
    for k in range(n + 1):
        rest = s - k * f
        if rest < n:
            break
        term = comb(n, k) * comb(rest - 1, n - 1) % MOD
        total = (total + (-term if k % 2 else term)) % MOD
    return f"{total % MOD}\n"
