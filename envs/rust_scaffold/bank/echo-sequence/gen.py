import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(0, 1), (7, 1), (0, 2), (3, 3), (1000000, 1000000), (0, 1000000), (1, 2)]
    if index < len(fixed):
        s, n = fixed[index]
    elif index % 4 == 3:
        s, n = rng.randint(0, 1000000), rng.randint(900000, 1000000)
    else:
        s, n = (
            rng.randint(0, rng.choice([5, 100, 1000000])),
            rng.randint(1, rng.choice([20, 5000, 1000000])),
        )
    return f"{s} {n}\n"
