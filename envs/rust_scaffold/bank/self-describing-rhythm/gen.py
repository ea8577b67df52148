import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [1, 2, 3, 4, 5, 1000000, 999999]
    if index < len(fixed):
        n = fixed[index]
    elif index % 4 == 3:
        n = rng.randint(500000, 1000000)
    else:
        n = rng.randint(1, rng.choice([30, 1000, 100000]))
    return f"{n}\n"
