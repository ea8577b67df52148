import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [0, 1, -1, 2, -2, 3, 10**18, -(10**18), 6, -6, 2**59, -(2**59)]
    if index < len(fixed):
        x = fixed[index]
    else:
        x = rng.randint(-(10 ** rng.randint(1, 18)), 10 ** rng.randint(1, 18))
    return f"{x}\n"
