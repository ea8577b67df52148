from bisect import bisect_left


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, t = d[0], d[1]
    w = sorted(d[2 : 2 + n])
    best = None
    for i in range(n):
        want = t - w[i]
        # candidates among indices > i near the wanted weight
        k = bisect_left(w, want, i + 1)
        for j in (k - 1, k):
            if i < j < n:
                v = abs(w[i] + w[j] - t)
                if best is None or v < best:
                    best = v
    return f"{best}\n"
