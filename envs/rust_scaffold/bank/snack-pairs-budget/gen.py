import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(2, 6)
        hi = 10
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(2, 3000)
        hi = rng.choice([10, 1000, 10**9])
    c = [rng.randint(1, hi) for _ in range(n)]
    kind = index % 4
    if kind == 0:
        k = rng.randint(1, 2 * hi)
    elif kind == 1:
        k = 2 * 10**9
    elif kind == 2:
        x, y = rng.sample(c, 2)
        k = x + y
    else:
        k = rng.randint(1, hi)
    if index == 5:
        c = [hi] * n
        k = 2 * hi
    return f"{n} {k}\n{' '.join(map(str, c))}\n"
