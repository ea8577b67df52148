import bisect
from collections import defaultdict


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    s = d[2 : 2 + n]
    pos = defaultdict(list)
    for i, x in enumerate(s):
        pos[x].append(i)
    total = 0
    for lst in pos.values():
        for j, p in enumerate(lst):
            # earlier photos of the same species at index <= p - k
            total += bisect.bisect_right(lst, p - k, 0, j)
    return f"{total}\n"
