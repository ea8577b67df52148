import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 1, 0),
        (1, 1, 1),
        (1, 1, 2),
        (1000, 999, 500),
        (997, 1000, 1),
        (1000, 1000, 1000),
        (6, 10, 8),
        (500, 1000, 250),
    ]
    if index < len(fixed):
        a, b, t = fixed[index]
    else:
        hi = 1000 if index % 4 == 3 else 30
        a, b = rng.randint(1, hi), rng.randint(1, hi)
        t = rng.randint(0, max(a, b) + (2 if rng.random() < 0.2 else 0))
        t = min(t, 1000)
    return f"{a} {b} {t}\n"
