import random


def generate(rng: random.Random, index: int) -> str:
    E = 10**18
    fixed = [
        (1, 0, 0, E),
        (E, E - 1, 0, E),
        (E, 0, 1, E),
        (2, 1, 0, 0),
        (3, 2, 2, 2),
        (10, 9, 0, 8),
        (E, 5, 5, 5),
        (999999999999999999, 999999999999999998, 0, E),
    ]
    if index < len(fixed):
        c, f, L, R = fixed[index]
    else:
        c = rng.choice([rng.randint(1, 10), rng.randint(1, 10**9), rng.randint(1, E)])
        f = rng.randint(0, c - 1)
        L = rng.choice([rng.randint(0, 100), rng.randint(0, E)])
        R = min(E, L + rng.choice([0, 1, c - 1, c, rng.randint(0, 1000), rng.randint(0, E)]))
        if rng.random() < 0.3:
            L = f + c * rng.randint(0, (E - f) // c)
            R = min(E, max(L, R))
    return f"{c} {f} {L} {R}\n"
