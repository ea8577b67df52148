import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    kind = index % 4
    if kind == 0:
        t = [rng.randint(-3, 3) for _ in range(n)]
    elif kind == 1:
        t = sorted((rng.randint(-100, 100) for _ in range(n)), reverse=True)
    else:
        t = [rng.randint(-100, 100) for _ in range(n)]
    return f"{n}\n{' '.join(map(str, t))}\n"
