def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    r = d[2 : 2 + n]

    def pieces(length):
        return sum(x // length for x in r)

    if pieces(1) < k:
        return "0\n"
    lo, hi = 1, max(r)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if pieces(mid) >= k:
            lo = mid
        else:
            hi = mid - 1
    return f"{lo}\n"
