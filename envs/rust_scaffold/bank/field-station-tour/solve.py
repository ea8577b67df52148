from itertools import permutations


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    t = [d[1 + i * (n + 1) : 1 + (i + 1) * (n + 1)] for i in range(n + 1)]
    best = None
    for order in permutations(range(1, n + 1)):
        path = (0, *order, 0)
        c = sum(t[path[i]][path[i + 1]] for i in range(n + 1))
        if best is None or c < best:
            best = c
    return f"{best}\n"
