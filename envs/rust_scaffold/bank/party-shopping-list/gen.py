import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 10
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([10, 10**9])
    k = rng.choice([1, n, rng.randint(1, n)])
    c = [rng.randint(1, hi) for _ in range(n)]
    return f"{n} {k}\n{' '.join(map(str, c))}\n"
