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
        hi = rng.choice([3, 10**9])
    k = rng.choice([1, min(n, 1000), rng.randint(1, min(n, 1000))])
    s = [rng.randint(0, hi) for _ in range(n)]
    if index % 5 == 2:
        s.sort()
    return f"{n} {k}\n{' '.join(map(str, s))}\n"
