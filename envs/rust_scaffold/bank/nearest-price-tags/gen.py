import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(2, 6)
        hi = [10, 3, 10**9, 20][index]
    elif index % 4 == 3:
        n = 100000
        hi = rng.choice([10**9, 50000, 10])
    else:
        n = rng.randint(2, 3000)
        hi = rng.choice([10, 10**4, 10**9])
    kind = index % 3
    if kind == 0:
        p = [rng.randint(1, hi) for _ in range(n)]
    elif kind == 1:
        step = rng.randint(1, 10)
        base = rng.randint(1, 1000)
        p = [base + step * i for i in range(n)]
        rng.shuffle(p)
    else:
        p = rng.sample(range(1, 10**9 + 1), n)
    return f"{n}\n{' '.join(map(str, p))}\n"
