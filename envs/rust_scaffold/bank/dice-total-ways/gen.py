import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, f = rng.randint(1, 4), rng.randint(1, 6)
        s = rng.randint(1, n * f + 2)
    elif index % 4 == 3:
        n, f = 100, rng.choice([100, 99, 97])
        s = rng.choice([n * (f + 1) // 2, rng.randint(n, n * f), 10000, n * f])
    else:
        n, f = rng.randint(1, 100), rng.randint(1, 100)
        s = rng.choice([rng.randint(1, 10000), rng.randint(n, n * f), n, n * f, n - 1, n * f + 1])
        s = max(1, min(10000, s))
    return f"{n} {f} {s}\n"
