import bisect


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, q = d[0], d[1]
    starts = sorted(d[2 : 2 + 2 * n : 2])
    ends = sorted(d[3 : 3 + 2 * n : 2])
    xs = d[2 + 2 * n : 2 + 2 * n + q]
    # detectors started at or before x, minus those that ended before x
    res = [bisect.bisect_right(starts, x) - bisect.bisect_left(ends, x) for x in xs]
    return " ".join(map(str, res)) + "\n"
