import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 5)
        hi = 9
    elif index % 4 == 3:
        n = 500
        hi = 10**6
    else:
        n = rng.randint(1, 200)
        hi = rng.choice([1, 9, 10**6])
    rows = []
    for i in range(1, n + 1):
        rows.append([rng.randint(0, hi) for _ in range(i)])
    if index % 5 == 4 and n >= 3:
        # a greedy trap: the larger next ledge leads into an empty region
        for i in range(1, n):
            for j in range(i + 1):
                rows[i][j] = 0 if j >= 1 else hi // 2
            rows[1][1] = hi
    return f"{n}\n" + "".join(" ".join(map(str, r)) + "\n" for r in rows)
