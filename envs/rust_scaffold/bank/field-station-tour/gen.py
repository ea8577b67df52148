import random


def generate(rng: random.Random, index: int) -> str:
    n = index + 1 if index < 2 else 8 if index % 4 == 3 else rng.randint(1, 8)
    kind = index % 3
    if kind == 0:
        pts = [(rng.randint(0, 1000), rng.randint(0, 1000)) for _ in range(n + 1)]
        t = [[abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in pts] for a in pts]
    else:
        hi = 10**6 if kind == 1 else 5
        t = [[0] * (n + 1) for _ in range(n + 1)]
        for i in range(n + 1):
            for j in range(i + 1, n + 1):
                t[i][j] = t[j][i] = rng.randint(0, hi)
    return f"{n}\n" + "".join(" ".join(map(str, row)) + "\n" for row in t)
