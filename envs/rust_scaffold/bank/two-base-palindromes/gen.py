import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 2),
        (1, 16),
        (1000000, 2),
        (1000000, 10),
        (1000000, 16),
        (9, 10),
        (585, 2),
        (584, 2),
    ]
    if index < len(fixed):
        n, b = fixed[index]
    elif index % 4 == 3:
        n, b = rng.randint(900000, 1000000), rng.randint(2, 16)
    else:
        n, b = rng.randint(1, rng.choice([100, 10000, 1000000])), rng.randint(2, 16)
    return f"{n} {b}\n"
