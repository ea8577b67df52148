import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    k = rng.choice([1, 3, max(1, n // 2), n, 10 * n])
    pool = [rng.randint(1, 10**9) for _ in range(min(k, 200000))]
    a = [rng.choice(pool) for _ in range(n)]
    return f"{n}\n{' '.join(map(str, a))}\n"
