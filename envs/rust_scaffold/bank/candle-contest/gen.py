import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 3
    elif index % 4 == 3:
        n = 100000
        hi = rng.choice([10**9, 5])
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([2, 100, 10**9])
    c = [rng.randint(1, hi) for _ in range(n)]
    if index % 5 == 4:
        c[-1] = 10**9
    return f"{n}\n{' '.join(map(str, c))}\n"
