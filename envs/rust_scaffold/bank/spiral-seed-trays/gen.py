import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, 1), (1, 60), (60, 1), (60, 60), (2, 2), (5, 3), (3, 5), (59, 60)]
    if index < len(fixed):
        n, m = fixed[index]
    else:
        n, m = rng.randint(1, 60), rng.randint(1, 60)
    return f"{n} {m}\n"
