import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(3, 6)
        hi = [3, 10, 10**9, 1][index]
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(3, 2000)
        hi = rng.choice([5, 1000, 10**9])
    h = [rng.randint(1, hi) for _ in range(n)]
    if index % 5 == 1:
        h = [hi] * n
    return f"{n}\n{' '.join(map(str, h))}\n"
