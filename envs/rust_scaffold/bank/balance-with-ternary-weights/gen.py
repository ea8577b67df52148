import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        1,
        2,
        3,
        4,
        5,
        13,
        14,
        10**18,
        3**37,
        (3**38 - 1) // 2,
        (3**38 - 1) // 2 + 1,
        999999999999999999,
    ]
    x = fixed[index] if index < len(fixed) else rng.randint(1, 10 ** rng.randint(1, 18))
    return f"{x}\n"
