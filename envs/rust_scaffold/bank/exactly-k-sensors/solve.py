import itertools
from collections import defaultdict


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    delta = defaultdict(int)
    for i in range(n):
        delta[d[2 + 2 * i]] += 1
        delta[d[3 + 2 * i]] -= 1
    delta[0] += 0
    delta[10**9] += 0
    pts = sorted(delta)
    total = 0
    cur = 0
    for a, b in itertools.pairwise(pts):
        cur += delta[a]
        if cur == k:
            total += b - a
    return f"{total}\n"
