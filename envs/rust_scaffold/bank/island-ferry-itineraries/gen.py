import random


def generate(rng: random.Random, index: int) -> str:
    k = rng.randint(1, 3) if index < 4 else rng.randint(1, 6)
    if index % 4 == 3:
        k = 6
    s = rng.randint(1, k)
    mode = rng.randint(0, 3)
    if index < 4 or mode == 0:
        n = rng.randint(0, 20)
    elif mode == 1:
        n = rng.choice([10**18, 10**18 - 1, 2**59 - 1])
    else:
        n = rng.randint(0, 10**18)
    hi = rng.choice([1, 3, 10**9])
    dens = rng.choice([0.3, 0.7, 1.0])
    rows = [
        " ".join(str(rng.randint(0, hi) if rng.random() < dens else 0) for _ in range(k))
        for _ in range(k)
    ]
    return f"{k} {s} {n}\n" + "\n".join(rows) + "\n"
