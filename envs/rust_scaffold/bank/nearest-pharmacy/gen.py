import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 5), rng.randint(1, 5)
        hi = 20
    elif index % 4 == 3:
        n, m = 80000, 80000
        hi = 10**9
    else:
        n, m = rng.randint(1, 3000), rng.randint(1, 3000)
        hi = rng.choice([20, 10**9])
    if index % 5 == 2:
        m = 1
    h = [rng.randint(0, hi) for _ in range(n)]
    p = [rng.randint(0, hi) for _ in range(m)]
    return f"{n} {m}\n{' '.join(map(str, h))}\n{' '.join(map(str, p))}\n"
