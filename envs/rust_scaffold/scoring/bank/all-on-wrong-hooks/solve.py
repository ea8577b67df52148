from itertools import permutations
from math import comb, factorial


def derange(k):
    # inclusion-exclusion
    return sum((-1) ** i * factorial(k) // factorial(i) for i in range(k + 1))


def solve(inp: str) -> str:
    n, m = map(int, inp.split())
    if n <= 7:
        cnt = sum(1 for p in permutations(range(n)) if sum(p[i] == i for i in range(n)) == m)
        return f"{cnt}\n"
    return f"{comb(n, m) * derange(n - m)}\n"
