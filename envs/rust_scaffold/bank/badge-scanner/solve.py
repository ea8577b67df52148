from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    c = Counter(d[1 : 1 + n])
    best = min(c, key=lambda b: (-c[b], b))
    return f"{len(c)} {best}\n"
