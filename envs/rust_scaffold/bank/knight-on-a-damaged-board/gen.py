import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 5)
    elif index % 4 == 3:
        n = 500
    else:
        n = rng.randint(1, 120)
    p = rng.choice([0.0, 0.1, 0.3, 0.5])
    if index % 4 == 3:
        p = rng.choice([0.0, 0.1, 0.2])
    g = [["x" if rng.random() < p else "." for _ in range(n)] for _ in range(n)]
    r1, c1 = rng.randint(1, n), rng.randint(1, n)
    if index % 4 == 3:
        r1, c1, r2, c2 = 1, 1, n, n
    else:
        r2, c2 = rng.randint(1, n), rng.randint(1, n)
    g[r1 - 1][c1 - 1] = "."
    g[r2 - 1][c2 - 1] = "."
    return f"{n}\n" + "".join("".join(r) + "\n" for r in g) + f"{r1} {c1} {r2} {c2}\n"
