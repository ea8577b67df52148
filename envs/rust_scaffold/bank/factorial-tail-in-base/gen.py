import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [
            (1, 2),
            (1, 10**12),
            (10**18, 2),
            (10**18, 10**12),
            (10**18, 999999999989),
            (999999999988, 999999999989),
            (999999999989, 999999999989),
            (4, 16),
            (10**18, 2**39),
        ]
    else:
        qs = []
        for _ in range(10 if index % 4 == 3 else rng.randint(1, 10)):
            n = rng.randint(1, 10 ** rng.randint(1, 18))
            kind = rng.randint(0, 3)
            if kind == 0:
                b = rng.randint(2, 10 ** rng.randint(1, 12))
            elif kind == 1:
                b = rng.choice([2, 3, 5, 7]) ** rng.randint(1, 12)
            elif kind == 2:
                b = rng.choice([999983, 999979]) * rng.choice([999961, 999959, 2, 4])
            else:
                b = rng.randint(2, 100)
            qs.append((n, b))
    return f"{len(qs)}\n" + "".join(f"{n} {b}\n" for n, b in qs)
