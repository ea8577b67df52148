def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, lim = d[0], d[1]
    w = sorted(d[2 : 2 + n])

    # k shared boats are possible iff the 2k lightest children can be paired up, and the best
    # pairing of them is lightest-with-heaviest; the largest feasible k gives n - k boats.
    def ok(k):
        return all(w[i] + w[2 * k - 1 - i] <= lim for i in range(k))

    lo, hi = 0, n // 2
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return f"{n - lo}\n"
