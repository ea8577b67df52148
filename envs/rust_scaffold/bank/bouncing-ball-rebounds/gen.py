import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 99, 1),
        (100, 50, 10),
        (10**18, 99, 1),
        (10**18, 1, 10**18),
        (10**18, 99, 10**16),
        (7, 60, 4),
        (2, 50, 1),
    ]
    if index < len(fixed):
        h, p, m = fixed[index]
    else:
        h = rng.choice(
            [rng.randint(1, 1000), rng.randint(1, 10**18), 10**18 - rng.randint(0, 1000)]
        )
        p = rng.choice([rng.randint(1, 99), 99, 98, 50])
        m = rng.choice([1, rng.randint(1, h), rng.randint(1, 10**18)])
    return f"{h} {p} {m}\n"
