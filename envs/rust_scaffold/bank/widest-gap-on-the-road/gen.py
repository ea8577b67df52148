import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(2, 6)
        hi = 10
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(2, 3000)
        hi = rng.choice([0, 10, 10**9])
    x = [rng.randint(0, hi) for _ in range(n)]
    if index % 5 == 2:
        x[0] = 0
        x[1] = 10**9
    return f"{n}\n{' '.join(map(str, x))}\n"
