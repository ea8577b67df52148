import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 4
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([3, 10**9])
    d = sorted(rng.randint(1, hi) for _ in range(n))
    kind = index % 4
    if kind == 1 and n >= 2:
        i = rng.randrange(1, n)
        if d[i - 1] > 1:
            d[i] = rng.randint(1, d[i - 1] - 1)
    elif kind == 2:
        d = [rng.randint(1, hi) for _ in range(n)]
    elif kind == 3 and n >= 2 and d[-2] > 1:
        d[-1] = d[-2] - 1
    return f"{n}\n{' '.join(map(str, d))}\n"
