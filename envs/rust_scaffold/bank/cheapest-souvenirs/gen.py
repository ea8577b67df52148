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
        hi = rng.choice([10, 1000, 10**9])
    p = [rng.randint(1, hi) for _ in range(n)]
    total = sum(p)
    mode = index % 5
    if mode == 0:
        b = rng.randint(0, total)
    elif mode == 1:
        b = total + rng.randint(0, 10)
    elif mode == 2:
        b = min(p) - 1
    elif mode == 3:
        b = 10**14
    else:
        s = sorted(p)
        k = rng.randint(1, n)
        b = sum(s[:k])
    return f"{n} {b}\n{' '.join(map(str, p))}\n"
