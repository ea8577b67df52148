import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, 1), (1, 1000000), (999999, 1000000), (2, 3), (27, 27), (500000, 1000000)]
    if index < len(fixed):
        lo, hi = fixed[index]
    else:
        lo = rng.randint(1, 1000000)
        hi = min(1000000, lo + rng.choice([0, 10, 1000, 100000, 1000000]))
    return f"{lo} {hi}\n"
