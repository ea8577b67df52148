import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 5
    elif index % 4 == 3:
        n = 100000
        hi = rng.choice([10**9, 100])
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([3, 100, 10**9])
    c = [rng.randint(0, hi) for _ in range(n)]
    if index % 5 == 1:
        c = [0 if rng.random() < 0.7 else hi for _ in range(n)]
    total = sum(c)
    kind = index % 4
    if kind == 0:
        s = rng.randint(0, max(0, total // 10))
    elif kind == 1:
        s = rng.randint(0, hi)
    elif kind == 2:
        s = total + rng.randint(0, 3)
    else:
        s = rng.randint(0, total)
    return f"{n} {s}\n{' '.join(map(str, c))}\n"
