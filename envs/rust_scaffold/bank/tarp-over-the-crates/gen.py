import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 5) if index < 4 else (70000 if index % 4 == 3 else rng.randint(1, 3000))
    L = rng.choice([3, 1000, 10**9])
    w = rng.randint(0, L)
    pts = [(rng.randint(-L, L), rng.randint(-w, w)) for _ in range(n)]
    if index % 3 == 1:
        pts = [(y, x) for x, y in pts]
    return f"{n}\n" + "".join(f"{x} {y}\n" for x, y in pts)
