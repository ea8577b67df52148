from bisect import bisect_left


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, s = d[0], d[1]
    c = d[2 : 2 + n]
    pre = [0]
    for x in c:
        pre.append(pre[-1] + x)
    best = 0
    for r in range(1, n + 1):
        # smallest l with pre[r] - pre[l] <= s  <=>  pre[l] >= pre[r] - s
        l = bisect_left(pre, pre[r] - s)
        best = max(best, r - l)
    return f"{best}\n"
