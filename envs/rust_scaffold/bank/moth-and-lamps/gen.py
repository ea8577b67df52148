import random


def generate(rng: random.Random, index: int) -> str:
    E = 10**9
    fixed = [
        (0, 0, [(0, 0)]),
        (E, E, [(-E, -E)]),
        (-E, E, [(E, -E), (-E, E)]),
        (0, 0, [(1, 0), (0, 1), (-1, 0)]),
    ]
    if index < len(fixed):
        x, y, lamps = fixed[index]
    else:
        n = rng.choice([90000, 100000]) if index % 4 == 3 else rng.randint(1, 8)
        hi = rng.choice([3, 10**9])
        x, y = rng.randint(-hi, hi), rng.randint(-hi, hi)
        lamps = [(rng.randint(-hi, hi), rng.randint(-hi, hi)) for _ in range(n)]
    return f"{len(lamps)} {x} {y}\n" + "".join(f"{a} {b}\n" for a, b in lamps)
