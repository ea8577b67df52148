import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = [1, 3, 3, 5][index]
        hi = 5
    elif index % 4 == 3:
        n = 99999
        hi = 10**9
    else:
        n = 2 * rng.randint(0, 1500) + 1
        hi = rng.choice([3, 1000, 10**9])
    t = [rng.randint(1, hi) for _ in range(n)]
    if index % 5 == 2:
        t.sort(reverse=True)
    return f"{n}\n{' '.join(map(str, t))}\n"
