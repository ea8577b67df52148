import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 1),
        (1, 10**12),
        (10**12, 1),
        (10**12, 10**12),
        (10**12, 2),
        (999999999999, 3),
        (10**12, 999999),
    ]
    if index < len(fixed):
        a, b = fixed[index]
    else:
        a = rng.randint(1, 10 ** rng.randint(1, 12))
        b = rng.randint(1, rng.choice([3, 1000, a, 10**12]))
        if rng.random() < 0.3:
            a = b * rng.randint(1, max(1, 10**12 // b))
    return f"{a} {b}\n"
