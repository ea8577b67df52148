import bisect


def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    n, d = v[0], v[1]
    x = sorted(v[2 : 2 + n])
    total = 0
    for i, p in enumerate(x):
        total += bisect.bisect_right(x, p + d) - i - 1
    return f"{total}\n"
