import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 0, 0, 1),
        (1, 100, 100, 1000),
        (10**12, 100, 100, 2),
        (10**12, 1, 1, 1000),
        (10**12, 99, 3, 1000),
        (10**12, 0, 50, 10),
        (999, 33, 67, 5),
    ]
    if index < len(fixed):
        x, p, q, t = fixed[index]
    else:
        x = rng.choice([rng.randint(1, 1000), rng.randint(1, 10**12), 10**12])
        p, q = rng.randint(0, 100), rng.randint(0, 100)
        t = rng.choice([1, 2, rng.randint(1, 50), 1000])
    return f"{x} {p} {q} {t}\n"
