import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        lim = rng.randint(1, 12)
    elif index % 4 == 3:
        n = 100000
        lim = rng.choice([10**9, 1000])
    else:
        n = rng.randint(1, 3000)
        lim = rng.choice([10, 1000, 10**9])
    kind = index % 3
    if kind == 0:
        w = [rng.randint(1, lim) for _ in range(n)]
    elif kind == 1:
        w = [rng.randint(max(1, lim // 3), max(1, 2 * lim // 3)) for _ in range(n)]
    else:
        w = [
            rng.choice([rng.randint(1, max(1, lim // 4)), rng.randint(max(1, 3 * lim // 4), lim)])
            for _ in range(n)
        ]
    return f"{n} {lim}\n{' '.join(map(str, w))}\n"
