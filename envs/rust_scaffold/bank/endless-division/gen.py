import random

FIXED = [
    (0, 1),
    (0, 7),
    (1, 1),
    (10**9, 1),
    (10**9, 29989),
    (1, 29989),
    (1, 30000),
    (1, 29996),
    (7, 12),
    (99, 990),
    (1, 2**14),
    (123456789, 28125),
]


def generate(rng: random.Random, index: int) -> str:
    if index < 12 and index % 4 != 3:
        a, b = FIXED[index - index // 4]
    elif index % 4 == 3:
        # a denominator with a long period (a prime near the bound, times small factors)
        b = rng.choice([29989, 29983, 2 * 14983, 4 * 7499, 10 * 2999, 29 * 1021])
        a = rng.randint(0, 10**9)
    else:
        b = rng.randint(1, rng.choice([20, 1000, 30000]))
        a = rng.randint(0, rng.choice([b * 3, 10**9]))
    return f"{a} {b}\n"
