import bisect


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    s = d[1 : 1 + n]
    # for the middle layer j: (# smaller before) * (# larger after), with sorted prefixes
    total = 0
    before = []
    after = sorted(s)
    for j in range(n):
        x = s[j]
        after.pop(bisect.bisect_left(after, x))
        smaller = bisect.bisect_left(before, x)
        larger = len(after) - bisect.bisect_right(after, x)
        total += smaller * larger
        bisect.insort(before, x)
    return f"{total}\n"
