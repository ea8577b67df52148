from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m = d[0], d[1]
    a = Counter(d[2 : 2 + n])
    b = Counter(d[2 + n : 2 + n + m])
    return f"{sum(min(v, b[k]) for k, v in a.items())}\n"
