import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 10
    elif index % 4 == 3:
        n = 100000
        hi = 10**6
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([10, 10**6])
    t = [rng.randint(1, hi) for _ in range(n)]
    if index % 5 == 2:
        t.sort(reverse=True)
    return f"{n}\n{' '.join(map(str, t))}\n"
