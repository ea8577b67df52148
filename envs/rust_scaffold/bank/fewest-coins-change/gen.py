import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [1, 4, 9, 99, 499, 999]
    if index < len(fixed):
        a = fixed[index]
    elif index % 4 == 3:
        a = 10**9 - rng.randint(0, 1000)
    else:
        a = rng.randint(1, rng.choice([100, 10**4, 10**9]))
    return f"{a}\n"
