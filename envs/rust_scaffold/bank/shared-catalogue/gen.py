import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 5), rng.randint(1, 5)
        hi = 4
    elif index % 4 == 3:
        n, m = 80000, 80000
        hi = rng.choice([10**9, 1000])
    else:
        n, m = rng.randint(1, 3000), rng.randint(1, 3000)
        hi = rng.choice([5, 100, 10**9])
    a = sorted(rng.randint(1, hi) for _ in range(n))
    if index % 3 == 1:
        b = sorted(rng.choice(a) for _ in range(m))
    else:
        b = sorted(rng.randint(1, hi) for _ in range(m))
    return f"{n} {m}\n{' '.join(map(str, a))}\n{' '.join(map(str, b))}\n"
