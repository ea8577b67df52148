import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        lim = 3
    elif index % 4 == 3:
        n = 100000
        lim = 10**9
    else:
        n = rng.randint(1, 3000)
        lim = rng.choice([3, 10**9])
    a = [rng.randint(-lim, lim) for _ in range(n)]
    if index % 5 == 2:
        a = [10**9 if i % 2 == 0 else -(10**9) for i in range(n)]
    if index % 5 == 3:
        a = [10**9] * n
    return f"{n}\n{' '.join(map(str, a))}\n"
