from bisect import bisect_right


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, q = d[0], d[1]
    p = sorted(d[2 : 2 + n])
    return "".join(f"{bisect_right(p, x)}\n" for x in d[2 + n : 2 + n + q])
