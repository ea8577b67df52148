import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 5), rng.randint(1, 5)
        hi = 10
    elif index % 4 == 3:
        n, m = 80000, 80000
        hi = rng.choice([10**9, 1000])
    else:
        n, m = rng.randint(1, 3000), rng.randint(1, 3000)
        hi = rng.choice([10, 10**9])
    g = [rng.randint(1, hi) for _ in range(n)]
    s = [rng.randint(1, hi) for _ in range(m)]
    if index % 3 == 1:
        s = [rng.randint(1, max(1, hi // 2)) for _ in range(m)]
    return f"{n} {m}\n{' '.join(map(str, g))}\n{' '.join(map(str, s))}\n"
