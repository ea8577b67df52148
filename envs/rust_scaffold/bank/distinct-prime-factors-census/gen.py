import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 0),
        (1, 1),
        (2, 1),
        (5000000, 7),
        (5000000, 8),
        (510510, 7),
        (510509, 7),
        (5000000, 1),
        (5000000, 3),
        (5000000, 10),
    ]
    if index < len(fixed):
        n, k = fixed[index]
    else:
        n = rng.choice([rng.randint(1, 100), rng.randint(1, 10**5), rng.randint(4000000, 5000000)])
        k = rng.choice([0, 1, 2, 3, 4, rng.randint(0, 10)])
    return f"{n} {k}\n"
