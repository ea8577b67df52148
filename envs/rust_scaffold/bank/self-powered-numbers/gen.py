import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 1),
        (1, 10**7),
        (10, 152),
        (153, 153),
        (154, 369),
        (9474, 9474),
        (9475, 54747),
        (9926316, 10**7),
        (9926315, 9926315),
    ]
    if index < len(fixed):
        lo, hi = fixed[index]
    else:
        lo = rng.randint(1, 10 ** rng.randint(1, 7))
        hi = min(10**7, lo + rng.choice([0, 10, 1000, 10**6, 10**7]))
    return f"{lo} {hi}\n"
