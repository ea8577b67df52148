import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, [(0, 1)]),
        (0, [(0, 1)]),
        (2, [(3, 7), (3, 7)]),
        (1, [(3, 7), (3, 7)]),
        (0, [(5, 6), (6, 7)]),
    ]
    if index < len(fixed):
        k, iv = fixed[index]
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 8)
        kind = index % 3
        iv = []
        for _ in range(n):
            if kind == 0:
                a = rng.randint(0, 19)
                b = rng.randint(a + 1, 20)
            elif kind == 1:
                a = rng.randint(0, 10**9 - 1)
                b = rng.randint(a + 1, min(10**9, a + rng.choice([1, 1000, 10**8])))
            else:
                a = rng.randint(0, 10**9 - 1)
                b = rng.randint(a + 1, 10**9)
            iv.append((a, b))
        k = rng.choice([0, 1, 2, rng.randint(0, n), min(n, 3)])
    return f"{len(iv)} {k}\n" + "".join(f"{a} {b}\n" for a, b in iv)
