from bisect import bisect_left
from itertools import accumulate


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, q = d[0], d[1]
    pre = list(accumulate(d[2 : 2 + n]))
    out = []
    for x in d[2 + n : 2 + n + q]:
        i = bisect_left(pre, x)
        out.append(str(i + 1) if i < n else "-1")
    return "\n".join(out) + "\n"
