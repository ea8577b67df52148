MOD = 10**9 + 7


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    k, s, n = d[0], d[1], d[2]
    f = [d[3 + i * k : 3 + (i + 1) * k] for i in range(k)]
    vec = [0] * k
    vec[s - 1] = 1
    # repeated squaring applied to the row vector: vec * f^n
    power = [row[:] for row in f]
    while n:
        if n & 1:
            vec = [sum(vec[i] * power[i][j] for i in range(k)) % MOD for j in range(k)]
        power = [
            [sum(power[i][t] * power[t][j] for t in range(k)) % MOD for j in range(k)]
            for i in range(k)
        ]
        n >>= 1
    return " ".join(map(str, vec)) + "\n"
