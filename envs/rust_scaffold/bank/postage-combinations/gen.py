import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        k = rng.randint(1, 3)
        a = rng.randint(1, 15)
        hi = 8
    elif index % 4 == 3:
        k = 10
        a = 100000
        hi = rng.choice([20, 1000])
    else:
        k = rng.randint(1, 10)
        a = rng.randint(1, 20000)
        hi = rng.choice([10, 100, 2000])
    vals = rng.sample(range(1, hi + 1), min(k, hi))
    if index % 5 == 4:
        vals = [2 * x for x in rng.sample(range(1, hi + 1), min(k, hi))]
        a = 2 * (a // 2) + 1 if a < 100000 else 99999
    return f"{len(vals)} {a}\n{' '.join(map(str, vals))}\n"
