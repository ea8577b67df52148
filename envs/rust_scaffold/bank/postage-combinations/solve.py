MOD = 10**9 + 7


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    k, a = d[0], d[1]
    ways = [0] * (a + 1)
    ways[0] = 1
    for v in d[2 : 2 + k]:
        for s in range(v, a + 1):
            ways[s] += ways[s - v]
            if ways[s] >= MOD:
                ways[s] -= MOD
    return f"{ways[a]}\n"
