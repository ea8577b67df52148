import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 10
    elif index % 4 == 3:
        n = 5000
        hi = 10**9
    else:
        n = rng.randint(1, 2000)
        hi = rng.choice([10, 1000, 10**9])
    kind = index % 4
    if kind == 1:
        a = [2 * rng.randint(0, hi // 2) for _ in range(n)]
    elif kind == 2:
        a = [2 * rng.randint(0, (hi - 1) // 2) + 1 for _ in range(n)]
    else:
        a = [rng.randint(0, hi) for _ in range(n)]
    return f"{n}\n{' '.join(map(str, a))}\n"
