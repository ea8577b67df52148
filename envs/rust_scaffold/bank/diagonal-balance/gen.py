import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 4) if index < 4 else (300 if index % 4 == 3 else rng.randint(1, 120))
    lim = rng.choice([10, 10**9])
    rows = []
    for i in range(n):
        row = []
        for j in range(n):
            if index % 3 == 2 and (i == j):
                row.append(lim)
            elif index % 3 == 2 and i + j == n - 1:
                row.append(-lim)
            else:
                row.append(rng.randint(-lim, lim))
        rows.append(" ".join(map(str, row)))
    return f"{n}\n" + "\n".join(rows) + "\n"
