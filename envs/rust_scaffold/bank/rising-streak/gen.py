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
        h = [rng.randint(0, 3) for _ in range(n)]
    elif kind == 1:
        h = sorted(rng.randint(0, 10**9) for _ in range(n))
    elif kind == 2:
        h = []
        v = 0
        for _ in range(n):
            v = v + rng.randint(1, 5) if rng.random() < 0.9 else rng.randint(0, 10)
            v = min(v, 10**9)
            h.append(v)
    else:
        h = [rng.randint(0, 10**9) for _ in range(n)]
    return f"{n}\n{' '.join(map(str, h))}\n"
