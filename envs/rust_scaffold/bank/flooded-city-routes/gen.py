import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 4), rng.randint(1, 4)
    elif index % 4 == 3:
        n, m = 1000, 1000
    else:
        n, m = rng.randint(1, 200), rng.randint(1, 200)
    p = rng.choice([0.0, 0.03, 0.08, 0.12, 0.35])
    g = [["#" if rng.random() < p else "." for _ in range(m)] for _ in range(n)]
    if index % 6 != 5:
        g[0][0] = "."
        g[n - 1][m - 1] = "."
    return f"{n} {m}\n" + "".join("".join(r) + "\n" for r in g)
