MOD = 10**9 + 7


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    broken = set(d[2 : 2 + k])
    ways = [0] * (n + 1)
    ways[0] = 1
    for i in range(1, n + 1):
        if i in broken:
            continue
        total = 0
        for j in (1, 2, 3):
            if i - j >= 0:
                total += ways[i - j]
        ways[i] = total % MOD
    return f"{ways[n]}\n"
