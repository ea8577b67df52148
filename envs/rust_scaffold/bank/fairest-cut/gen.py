import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(2, 6)
        lim = 5
    elif index % 4 == 3:
        n = 100000
        lim = 10**9
    else:
        n = rng.randint(2, 3000)
        lim = rng.choice([2, 10**9])
    kind = index % 3
    if kind == 0:
        v = [rng.randint(-lim, lim) for _ in range(n)]
    elif kind == 1:
        v = [rng.randint(0, lim) for _ in range(n)]
    else:
        v = [rng.choice([-lim, lim]) for _ in range(n)]
    return f"{n}\n{' '.join(map(str, v))}\n"
