import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    k = rng.choice([1, n, rng.randint(1, n), rng.randint(1, max(1, n // 10))])
    lim = rng.choice([2, 10**9])
    kind = index % 3
    if kind == 0:
        a = [rng.randint(-lim, lim) for _ in range(n)]
    elif kind == 1:
        a = [rng.randint(-lim, -lim // 2) for _ in range(n)]
    else:
        a = [lim] * n
    return f"{n} {k}\n{' '.join(map(str, a))}\n"
