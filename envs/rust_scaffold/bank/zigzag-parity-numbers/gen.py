import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 1),
        (1, 9),
        (10, 10),
        (11, 11),
        (1, 10**7),
        (9999999, 10**7),
        (1010101, 1010101),
        (10**7, 10**7),
    ]
    if index < len(fixed):
        lo, hi = fixed[index]
    else:
        lo = rng.randint(1, 10 ** rng.randint(1, 7))
        hi = min(10**7, lo + rng.choice([0, 9, 1000, 10**6, 10**7]))
    return f"{lo} {hi}\n"
