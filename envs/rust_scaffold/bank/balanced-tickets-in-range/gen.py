import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(0, 0), (1, 1), (0, 999999), (999999, 999999), (1001, 1001), (1000, 1100)]
    if index < len(fixed):
        a, b = fixed[index]
    else:
        a = rng.randint(0, 999999)
        b = rng.randint(a, min(999999, a + rng.choice([10, 1000, 10**6])))
    return f"{a} {b}\n"
