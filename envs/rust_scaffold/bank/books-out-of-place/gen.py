import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 4
    elif index % 4 == 3:
        n = 100000
        hi = rng.choice([10**9, 3])
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([2, 50, 10**9])
    h = sorted(rng.randint(1, hi) for _ in range(n))
    kind = index % 3
    if kind == 0:
        for _ in range(rng.randint(0, 3)):
            i, j = rng.randrange(n), rng.randrange(n)
            h[i], h[j] = h[j], h[i]
    elif kind == 1:
        rng.shuffle(h)
    else:
        h.reverse()
    return f"{n}\n{' '.join(map(str, h))}\n"
