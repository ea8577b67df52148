import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, 9), (1, 10), (100, 900), (100, 901 - 1), (100, 1), (2, 0), (3, 27), (3, 28)]
    if index < len(fixed):
        n, s = fixed[index]
        s = min(s, 900)
    else:
        n = rng.randint(1, 100)
        s = rng.choice([rng.randint(0, 9 * n), rng.randint(0, 900), 9 * n, 1])
        s = min(s, 900)
    return f"{n} {s}\n"
