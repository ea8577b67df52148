import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        lim = 5
    elif index % 4 == 3:
        n = 100000
        lim = 10**9
    else:
        n = rng.randint(1, 3000)
        lim = rng.choice([5, 10**9])
    kind = index % 3
    if kind == 0:
        d = [rng.randint(-lim, lim) for _ in range(n)]
    elif kind == 1:
        d = [rng.randint(-lim, -1) for _ in range(n)]
    else:
        d = [rng.randint(-lim, lim // 2) for _ in range(n)]
    if index == 9:
        d = [10**9] * n
    return f"{n}\n{' '.join(map(str, d))}\n"
