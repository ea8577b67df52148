import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 7)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    k = rng.choice([1, n, rng.randint(1, n), rng.randint(1, max(1, n // 20))])
    pool_size = rng.choice([1, 3, 20, 1000, n])
    pool = [rng.randint(1, 10**9) for _ in range(pool_size)]
    g = [rng.choice(pool) for _ in range(n)]
    return f"{n} {k}\n{' '.join(map(str, g))}\n"
