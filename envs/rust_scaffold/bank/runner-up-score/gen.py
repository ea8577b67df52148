import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 5)
        lo, hi = [(-2, 2), (5, 5), (-(10**9), 10**9), (0, 1)][index]
    elif index % 4 == 3:
        n = 100000
        lo, hi = -(10**9), 10**9
    else:
        n = rng.randint(1, 3000)
        lo, hi = rng.choice([(-3, 3), (-(10**9), 10**9), (7, 7), (-(10**9), -(10**9) + 1)])
    s = [rng.randint(lo, hi) for _ in range(n)]
    if index % 6 == 5:
        m = max(s)
        s = [m] * n
        s[rng.randrange(n)] = max(lo, m - rng.randint(0, 5))
    return f"{n}\n{' '.join(map(str, s))}\n"
