from collections import Counter


def sums(xs):
    out = [0]
    for x in xs:
        out += [s + x for s in out]
    return out


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, W = d[0], d[1]
    m = d[2 : 2 + n]
    a = Counter(sums(m[: n // 2]))
    total = sum(a.get(W - s, 0) for s in sums(m[n // 2 :]))
    return f"{total}\n"
