import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        n, p = 1, 0.0
    elif index == 1:
        n, p = 1, 1.0
    elif index == 2:
        n, p = 10, 0.0
    elif index % 4 == 3:
        n, p = 10, rng.choice([0.05, 0.1, 0.2])
    else:
        n, p = rng.randint(2, 9), rng.random() * 0.4
    rows = ["".join("#" if rng.random() < p else "." for _ in range(n)) for _ in range(n)]
    return f"{n}\n" + "".join(r + "\n" for r in rows)
