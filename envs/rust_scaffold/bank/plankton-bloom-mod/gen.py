import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (0, 0, 0, 1000000),
        (3, 4, 5, 1),
        (3, 4, 5, 3),
        (10**9, 10**9, 10**9, 4),
        (10**9, 10**9, 10**9, 1000000),
        (1000000007, 0, 0, 5),
    ]
    if index < len(fixed):
        a, b, c, n = fixed[index]
        a = min(a, 10**9)
    else:
        a, b, c = (rng.randint(0, 10**9) for _ in range(3))
        n = 1000000 if index % 4 == 3 else rng.randint(1, rng.choice([10, 100, 1000000]))
    return f"{a} {b} {c} {n}\n"
