def solve(inp: str) -> str:
    a, b = map(int, inp.split())
    # count skips by binary search on the number of positive terms
    lo, hi = 1, a
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a - (mid - 1) * b > 0:
            lo = mid
        else:
            hi = mid - 1
    k = lo
    last = a - (k - 1) * b
    return f"{k} {(a + last) * k // 2}\n"
