import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 2),
        (2, 2),
        (3, 2),
        (90, 100),
        (90, 90),
        (90, 89),
        (90, 3),
        (90, 2),
        (4, 3),
        (60, 40),
    ]
    if index < len(fixed):
        n, m = fixed[index]
    elif index % 4 == 3:
        n, m = 90, rng.randint(2, 100)
    else:
        n, m = rng.randint(1, 90), rng.randint(2, 100)
    return f"{n} {m}\n"
