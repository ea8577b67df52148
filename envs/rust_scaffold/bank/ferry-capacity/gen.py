import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 10
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([10, 10**4, 10**9])
    d = rng.choice([1, n, rng.randint(1, n), rng.randint(1, max(1, n // 50))])
    w = [rng.randint(1, hi) for _ in range(n)]
    if index % 5 == 2:
        w = [rng.randint(1, 3) for _ in range(n)]
        w[rng.randrange(n)] = hi
    return f"{n} {d}\n{' '.join(map(str, w))}\n"
