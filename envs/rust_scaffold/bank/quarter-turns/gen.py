import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        n, m, k = 1, 1, 0
    elif index == 1:
        n, m, k = 1, 100, 3
    elif index == 2:
        n, m, k = 100, 1, 10**18
    else:
        n = 100 if index % 4 == 3 else rng.randint(1, 8)
        m = 100 if index % 4 == 3 else rng.randint(1, 8)
        k = rng.choice([rng.randint(0, 7), rng.randint(0, 10**18), 10**18 - rng.randint(0, 3)])
    rows = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(m)) for _ in range(n)]
    return f"{n} {m} {k}\n" + "".join(r + "\n" for r in rows)
