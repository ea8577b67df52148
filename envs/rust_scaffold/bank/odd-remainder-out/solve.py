from collections import Counter


def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    w = v[1:]
    cnt = Counter(x % 3 for x in w)
    odd = next(r for r, c in cnt.items() if c == 1)
    return f"{[x % 3 for x in w].index(odd) + 1}\n"
