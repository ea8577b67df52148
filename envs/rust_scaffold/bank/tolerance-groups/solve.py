from bisect import bisect_right


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, tol = d[0], d[1]
    l = sorted(d[2 : 2 + n])
    boxes = 0
    i = 0
    while i < n:
        # the shortest remaining bolt opens a box that takes everything within tol of it
        i = bisect_right(l, l[i] + tol)
        boxes += 1
    return f"{boxes}\n"
