import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(2, 6) if index < 4 else (70000 if index % 4 == 3 else rng.randint(2, 3000))
    lim = rng.choice([3, 1000, 10**9])
    pts = [(rng.randint(-lim, lim), rng.randint(-lim, lim)) for _ in range(n)]
    if index % 5 == 1:
        pts = [(rng.randint(-lim, lim), 7) for _ in range(n)]
    if index % 7 == 5:
        pts[0] = (-(10**9), 10**9)
        pts[-1] = (10**9, -(10**9))
    return f"{n}\n" + "".join(f"{x} {y}\n" for x, y in pts)
