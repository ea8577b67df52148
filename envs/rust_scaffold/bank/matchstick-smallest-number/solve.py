COST = [6, 2, 5, 5, 4, 5, 6, 3, 7, 6]


def solve(inp: str) -> str:
    n = int(inp.split()[0])
    # best[k]: the smallest digit string (any digits, leading zeros allowed) using exactly k
    # matchsticks, compared by length first, then alphabetically; None if impossible
    best: list[str | None] = [None] * (n + 1)
    best[0] = ""
    for k in range(1, n + 1):
        cands = [
            str(d) + best[k - COST[d]]
            for d in range(10)
            if k >= COST[d] and best[k - COST[d]] is not None
        ]
        best[k] = min(cands, key=lambda x: (len(x), x)) if cands else None
    # the first digit must not be 0
    answers = []
    for d in range(1, 10):
        rest = n - COST[d]
        if rest >= 0 and best[rest] is not None:
            answers.append(str(d) + best[rest])
    return min(answers, key=lambda x: (len(x), x)) + "\n"
