from bisect import bisect_left


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    h = d[2 : 2 + n]
    p = sorted(d[2 + n : 2 + n + m])
    total = 0
    for x in h:
        i = bisect_left(p, x)
        best = None
        for j in (i - 1, i):
            if 0 <= j < m:
                dist = abs(p[j] - x)
                if best is None or dist < best:
                    best = dist
        total += best
    return f"{total}\n"
