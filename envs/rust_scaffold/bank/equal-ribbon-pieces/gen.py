import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 5)
        hi = 20
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([20, 10**6, 10**9])
    r = [rng.randint(1, hi) for _ in range(n)]
    total = sum(r)
    kind = index % 4
    if kind == 0:
        k = rng.randint(1, min(10**9, total))
    elif kind == 1:
        k = min(10**9, total + rng.randint(1, 5))
    elif kind == 2:
        k = rng.randint(1, n)
    else:
        k = min(10**9, max(1, total // rng.randint(1, 1000)))
    return f"{n} {k}\n{' '.join(map(str, r))}\n"
