import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1000, 999, 15]
    n = fixed[index] if index < len(fixed) else rng.randint(2, 1000)
    return f"{n}\n"
