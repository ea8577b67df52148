import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        [(0, 0), (0, 0)],
        [(0, 5), (6, 9)],
        [(0, 1), (5, 6), (10, 11)],
        [(2, 2), (2, 2), (3, 3)],
    ]
    if index < len(fixed):
        iv = fixed[index]
    else:
        n = 80000 if index % 4 == 3 else rng.randint(2, 8)
        kind = index % 3
        iv = []
        for _ in range(n):
            if kind == 0:
                a = rng.randint(0, 20)
                b = rng.randint(a, 30)
            elif kind == 1:
                a = rng.randint(0, 4 * 10**8)
                b = rng.randint(6 * 10**8, 10**9)
            else:
                a = rng.randint(0, 10**9)
                b = rng.randint(a, 10**9)
            iv.append((a, b))
        if kind == 1 and rng.random() < 0.7:
            a = rng.randint(5 * 10**8, 10**9)
            iv[rng.randrange(n)] = (a, rng.randint(a, 10**9))
    return f"{len(iv)}\n" + "".join(f"{a} {b}\n" for a, b in iv)
