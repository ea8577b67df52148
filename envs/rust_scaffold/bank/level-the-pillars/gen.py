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
        hi = rng.choice([1, 10, 10**9])
    h = [rng.randint(1, hi) for _ in range(n)]
    if index % 5 == 2:
        h = [1] * n
        h[rng.randrange(n)] = 10**9
    return f"{n}\n{' '.join(map(str, h))}\n"
