def saved(d: int, a: int, b: int) -> int:
    w, r = divmod(d, 7)
    return w * (5 * a + 2 * b) + min(r, 5) * a + max(0, r - 5) * b


def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    out = []
    for i in range(v[0]):
        a, b, t = v[1 + 3 * i : 4 + 3 * i]
        week = 5 * a + 2 * b

        lo, hi = 1, 7 * (t // max(week, 1) + 2)
        while lo < hi:
            mid = (lo + hi) // 2
            if saved(mid, a, b) >= t:
                hi = mid
            else:
                lo = mid + 1
        out.append(str(lo))
    return "\n".join(out) + "\n"
