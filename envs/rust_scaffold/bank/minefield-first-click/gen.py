import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 6), rng.randint(1, 6)
    elif index % 4 == 3:
        n, m = 500, 500
    else:
        n, m = rng.randint(1, 100), rng.randint(1, 100)
    p = rng.choice([0.0, 0.02, 0.08, 0.15, 0.3])
    g = [["*" if rng.random() < p else "." for _ in range(m)] for _ in range(n)]
    r, c = rng.randint(1, n), rng.randint(1, m)
    if rng.random() < 0.85:
        g[r - 1][c - 1] = "."
    return f"{n} {m} {r} {c}\n" + "".join("".join(row) + "\n" for row in g)
