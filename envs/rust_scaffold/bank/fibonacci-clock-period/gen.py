import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [1, 2, 3, 4, 5, 8, 10, 11, 100000, 99991, 50000, 78125, 65536, 98415]
    m = fixed[index] if index < len(fixed) else rng.randint(1, rng.choice([50, 1000, 100000]))
    return f"{m}\n"
