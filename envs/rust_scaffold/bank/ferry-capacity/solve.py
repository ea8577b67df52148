def trips(w, cap):
    t = 1
    cur = 0
    for x in w:
        if cur + x > cap:
            t += 1
            cur = 0
        cur += x
    return t


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, days = d[0], d[1]
    w = d[2 : 2 + n]
    lo, hi = max(w), sum(w)
    while lo < hi:
        mid = (lo + hi) // 2
        if trips(w, mid) <= days:
            hi = mid
        else:
            lo = mid + 1
    return f"{lo}\n"
