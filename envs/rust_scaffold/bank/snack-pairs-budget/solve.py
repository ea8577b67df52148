from bisect import bisect_right


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    c = sorted(d[2 : 2 + n])
    total = 0
    for i, x in enumerate(c):
        # partners with a larger index j > i and c[j] <= k - x
        j = bisect_right(c, k - x)
        if j > i + 1:
            total += j - i - 1
    return f"{total}\n"
