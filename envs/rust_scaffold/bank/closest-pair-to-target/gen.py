import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(2, 6)
        hi = 15
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(2, 3000)
        hi = rng.choice([15, 10**6, 10**9])
    w = [rng.randint(1, hi) for _ in range(n)]
    kind = index % 3
    if kind == 0:
        t = rng.randint(0, 2 * hi)
    elif kind == 1:
        i, j = rng.sample(range(n), 2)
        t = w[i] + w[j] + rng.choice([-1, 0, 1])
        t = max(0, t)
    else:
        t = rng.choice([0, 2 * 10**9])
    return f"{n} {t}\n{' '.join(map(str, w))}\n"
