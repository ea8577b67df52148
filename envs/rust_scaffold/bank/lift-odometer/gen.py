import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        rides = [(10**9, 1)] * 5
    elif index == 1:
        rides = [(1, 1)]
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 20)
        hi = rng.choice([10, 1000, 10**9])
        rides = [(rng.randint(1, hi), rng.randint(1, hi)) for _ in range(n)]
    return f"{len(rides)}\n" + "".join(f"{a} {b}\n" for a, b in rides)
