from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    c = Counter(d[1 : 1 + n])
    ones = [v for v, k in c.items() if k == 1]
    return f"{len(ones)} {sum(ones)}\n"
