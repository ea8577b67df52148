import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        k = rng.randint(1, 3)
    elif index % 4 == 3:
        n = 100000
        k = rng.choice([2, 1000, 10**9])
    else:
        n = rng.randint(1, 5000)
        k = rng.choice([1, 3, 50, 10**9])
    pool = [rng.randint(1, 10**9) for _ in range(min(k, 5000))]
    c = [rng.choice(pool) if k <= 5000 else rng.randint(1, 10**9) for _ in range(n)]
    return f"{n}\n{' '.join(map(str, c))}\n"
