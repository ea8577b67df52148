import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 1),
        (10, 1),
        (89, 25),
        (89, 24),
        (196, 25),
        (999999999, 25),
        (1000000000, 25),
        (187, 23),
        (879, 25),
        (120, 1),
        (998, 25),
    ]
    if index < len(fixed):
        x, k = fixed[index]
    else:
        x = rng.randint(1, 10 ** rng.randint(1, 9))
        k = rng.choice([1, 2, 5, 25, rng.randint(1, 25)])
    return f"{x} {k}\n"
