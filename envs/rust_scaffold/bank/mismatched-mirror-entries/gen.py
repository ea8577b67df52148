import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 5) if index < 4 else (300 if index % 4 == 3 else rng.randint(1, 80))
    hi = rng.choice([1, 9, 10**9])
    a = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i, n):
            a[i][j] = a[j][i] = rng.randint(0, hi)
    errs = rng.choice([0, 1, 2, rng.randint(0, n * n)])
    for _ in range(errs):
        i, j = rng.randrange(n), rng.randrange(n)
        a[i][j] = rng.randint(0, hi)
    return f"{n}\n" + "".join(" ".join(map(str, row)) + "\n" for row in a)
