import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 20
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([20, 10**5, 10**9])
    k = rng.choice([1, n, rng.randint(1, n), min(n, 2)])
    r = [rng.randint(1, hi) for _ in range(n)]
    return f"{n} {k}\n{' '.join(map(str, r))}\n"
