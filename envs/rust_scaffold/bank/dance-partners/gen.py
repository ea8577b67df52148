import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 6), rng.randint(1, 6)
        hi = 12
    elif index % 4 == 3:
        n, m = 80000, 80000
        hi = rng.choice([10**9, 300000])
    else:
        n, m = rng.randint(1, 2000), rng.randint(1, 2000)
        hi = rng.choice([20, 5000, 10**9])
    a = [rng.randint(1, hi) for _ in range(n)]
    b = [rng.randint(1, hi) for _ in range(m)]
    d = rng.choice([0, 1, rng.randint(0, max(1, hi // max(n, m))), rng.randint(0, hi)])
    return f"{n} {m} {d}\n{' '.join(map(str, a))}\n{' '.join(map(str, b))}\n"
