from itertools import combinations_with_replacement


def solve(inp: str) -> str:
    lo, hi = map(int, inp.split())
    found = []
    for d in range(1, 9):
        for combo in combinations_with_replacement(range(10), d):
            s = sum(x**d for x in combo)
            if len(str(s)) == d and sorted(map(int, str(s))) == list(combo):
                found.append(s)
    res = sorted(x for x in set(found) if lo <= x <= hi)
    return " ".join(map(str, [len(res), *res])) + "\n"
