MOD = 10**9 + 7


def solve(inp: str) -> str:
    tok = inp.split()
    n, m = int(tok[0]), int(tok[1])
    g = tok[2 : 2 + n]
    prev = [0] * m
    for i in range(n):
        cur = [0] * m
        row = g[i]
        for j in range(m):
            if row[j] == "#":
                continue
            if i == 0 and j == 0:
                cur[j] = 1
            else:
                cur[j] = (prev[j] + (cur[j - 1] if j else 0)) % MOD
        prev = cur
    return f"{prev[m - 1]}\n"
