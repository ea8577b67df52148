from itertools import accumulate


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    return f"{sum(1 for s in accumulate(d[1 : 1 + n]) if s > 0)}\n"
