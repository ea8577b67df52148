MOD = 10**9 + 7


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    t = d[0]
    qs = [d[1 + 4 * i : 5 + 4 * i] for i in range(t)]
    top = max(a + b for a, b, _, _ in qs) + 1
    fact = [1] * (top + 1)
    for i in range(1, top + 1):
        fact[i] = fact[i - 1] * i % MOD
    inv = [1] * (top + 1)
    inv[top] = pow(fact[top], MOD - 2, MOD)
    for i in range(top, 0, -1):
        inv[i - 1] = inv[i] * i % MOD

    def C(n, k):
        return fact[n] * inv[k] % MOD * inv[n - k] % MOD

    out = []
    for a, b, x, y in qs:
        if a + b <= 16:
            dp = [[0] * (b + 1) for _ in range(a + 1)]
            for i in range(a + 1):
                for j in range(b + 1):
                    if (i, j) == (x, y):
                        continue
                    if i == 0 and j == 0:
                        dp[i][j] = 1
                        continue
                    dp[i][j] = (dp[i - 1][j] if i else 0) + (dp[i][j - 1] if j else 0)
            out.append(str(dp[a][b] % MOD))
        else:
            r = C(a + b, a) - C(x + y, x) * C(a - x + b - y, a - x)
            out.append(str(r % MOD))
    return "\n".join(out) + "\n"
