import math


def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    n, P, F, c = v[:4]
    minutes = sum(math.ceil(x / 60) for x in v[4 : 4 + n])
    extra = minutes - F if minutes > F else 0
    return f"{P + extra * c}\n"
