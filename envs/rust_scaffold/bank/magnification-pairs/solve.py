import bisect


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m, L, R = d[0], d[1], d[2], d[3]
    o = d[4 : 4 + n]
    e = sorted(d[4 + n : 4 + n + m])
    total = 0
    for x in o:
        # eyepieces y with ceil(L / x) <= y <= floor(R / x)
        lo = -(-L // x)
        hi = R // x
        total += max(0, bisect.bisect_right(e, hi) - bisect.bisect_left(e, lo))
    return f"{total}\n"
