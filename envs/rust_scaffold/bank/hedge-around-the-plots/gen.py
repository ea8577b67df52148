import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 5), rng.randint(1, 5)
    elif index % 4 == 3:
        n, m = 1000, 1000
    else:
        n, m = rng.randint(1, 200), rng.randint(1, 200)
    p = rng.choice([0.0, 0.1, 0.5, 0.9, 1.0])
    g = ["".join("#" if rng.random() < p else "." for _ in range(m)) for _ in range(n)]
    if index % 5 == 2:
        g = ["".join("#" if (i + j) % 2 == 0 else "." for j in range(m)) for i in range(n)]
    return f"{n} {m}\n" + "\n".join(g) + "\n"
