import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 3
    elif index % 4 == 3:
        n = 100000
        hi = rng.choice([1000, 5])
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([1, 4, 1000])
    k = rng.choice([1, n, rng.randint(1, n)])
    p = [rng.randint(0, hi) for _ in range(n)]
    if index % 5 == 4:
        p = [0] * n
    return f"{n} {k}\n{' '.join(map(str, p))}\n"
