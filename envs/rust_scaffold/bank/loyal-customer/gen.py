import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    k = rng.choice([1, 2, 10, max(1, n // 3), n])
    ids = [rng.randint(1, 10**9) for _ in range(k)]
    hi = rng.choice([1, 3, 10**9])
    rows = [(rng.choice(ids), rng.randint(1, hi)) for _ in range(n)]
    return f"{n}\n" + "".join(f"{c} {a}\n" for c, a in rows)
