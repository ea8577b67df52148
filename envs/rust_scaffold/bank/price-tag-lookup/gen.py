import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, q = rng.randint(1, 6), rng.randint(1, 6)
        hi = 10
    elif index % 4 == 3:
        n, q = 100000, 5000
        hi = 10**9
    else:
        n, q = rng.randint(1, 3000), rng.randint(1, 3000)
        hi = rng.choice([10, 10**6, 10**9])
    p = [rng.randint(1, hi) for _ in range(n)]
    x = []
    for _ in range(q):
        r = rng.random()
        if r < 0.4:
            x.append(rng.choice(p))
        elif r < 0.5:
            x.append(rng.choice(p) - 1)
        else:
            x.append(rng.randint(0, hi))
    return f"{n} {q}\n{' '.join(map(str, p))}\n{' '.join(map(str, x))}\n"
