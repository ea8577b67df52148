import itertools


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    x = sorted(set(d[1 : 1 + n]))
    if len(x) == 1:
        return "0\n"
    return f"{max(b - a for a, b in itertools.pairwise(x))}\n"
