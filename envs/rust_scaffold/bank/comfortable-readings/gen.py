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
    t = [rng.randint(-lim, lim) for _ in range(n)]
    a, b = rng.randint(-lim, lim), rng.randint(-lim, lim)
    lo, hi = min(a, b), max(a, b)
    if index % 4 == 1:
        lo = hi = rng.choice(t)
    if index % 6 == 5:
        lo, hi = -(10**9), 10**9
    return f"{n} {lo} {hi}\n{' '.join(map(str, t))}\n"
