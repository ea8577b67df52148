import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 5) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 500))
    k = rng.choice([3, 4, rng.randint(3, 20), 20])
    hi = rng.choice([3, 100])
    rows = []
    for _ in range(n):
        row = [rng.randint(0, hi) for _ in range(k)]
        if rng.random() < 0.2:
            row[rng.randrange(k)] = 100
        rows.append(" ".join(map(str, row)))
    return f"{n} {k}\n" + "\n".join(rows) + "\n"
