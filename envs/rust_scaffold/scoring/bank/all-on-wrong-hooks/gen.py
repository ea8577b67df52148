import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, 0), (1, 1), (2, 0), (2, 1), (20, 0), (20, 1), (20, 20), (20, 19), (20, 10), (19, 0), (20, 2)]
    if index < len(fixed):
        n, m = fixed[index]
    else:
        n = rng.randint(1, 20)
        m = rng.choice([0, 1, rng.randint(0, n)])
    return f"{n} {m}\n"
