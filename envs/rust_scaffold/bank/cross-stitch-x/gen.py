import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [1, 2, 100, 99, 5, 6]
    n = fixed[index] if index < len(fixed) else rng.randint(1, 100)
    return f"{n}\n"
