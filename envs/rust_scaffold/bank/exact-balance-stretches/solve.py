from collections import defaultdict


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    seen = defaultdict(int)
    seen[0] = 1
    s = 0
    total = 0
    for x in d[2 : 2 + n]:
        s += x
        total += seen[s - k]
        seen[s] += 1
    return f"{total}\n"
