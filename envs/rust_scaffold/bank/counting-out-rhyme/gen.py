import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, 1), (1, 10**9), (2, 2), (6, 6), (5000, 10**9), (5000, 1)]
    if index < len(fixed):
        n, k = fixed[index]
    elif index % 4 == 3:
        n, k = rng.randint(4000, 5000), rng.randint(1, 10**9)
    else:
        n = rng.randint(1, 50)
        k = rng.choice([rng.randint(1, 2 * n), rng.randint(1, 10**9)])
    return f"{n} {k}\n"
