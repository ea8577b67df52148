from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    f = d[2 : 2 + n]
    seen = Counter()
    total = 0
    for x in f:
        r = x % k
        total += seen[(k - r) % k]
        seen[r] += 1
    return f"{total}\n"
