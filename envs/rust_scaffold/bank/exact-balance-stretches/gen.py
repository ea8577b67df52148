import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        lim = 2
    elif index % 4 == 3:
        n = 100000
        lim = rng.choice([1, 10**9])
    else:
        n = rng.randint(1, 3000)
        lim = rng.choice([1, 3, 10**9])
    a = [rng.randint(-lim, lim) for _ in range(n)]
    if index % 5 == 4:
        a = [0] * n
    kind = index % 3
    if kind == 0:
        k = rng.randint(-3, 3)
    elif kind == 1 and n >= 1:
        l = rng.randint(0, n - 1)
        r = rng.randint(l, n - 1)
        k = sum(a[l : r + 1])
    else:
        k = rng.randint(-lim * 3, lim * 3)
    if index % 5 == 4 and kind != 1:
        k = rng.choice([0, 0, 1])
    return f"{n} {k}\n{' '.join(map(str, a))}\n"
