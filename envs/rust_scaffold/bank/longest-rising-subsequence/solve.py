from bisect import bisect_left


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    tails = []
    for x in d[1 : 1 + n]:
        k = bisect_left(tails, x)
        if k == len(tails):
            tails.append(x)
        else:
            tails[k] = x
    return f"{len(tails)}\n"
