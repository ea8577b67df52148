import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 1),
        (1, 2),
        (2, 2),
        (1, 1000001),
        (10**12 - 10**6, 10**12),
        (999999000000, 999999999999 - 10**5),
    ]
    if index < len(fixed):
        lo, hi = fixed[index]
        hi = min(hi, lo + 10**6)
    else:
        lo = rng.randint(1, 10 ** rng.randint(1, 12))
        hi = min(10**12, lo + rng.choice([0, 100, 10**4, 10**6]))
    return f"{lo} {hi}\n"
