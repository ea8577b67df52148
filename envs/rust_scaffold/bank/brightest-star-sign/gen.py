import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 6), rng.randint(1, 6)
    elif index % 4 == 3:
        n, m = 500, 500
    else:
        n, m = rng.randint(1, 80), rng.randint(1, 80)
    p = rng.choice([0.0, 0.3, 0.6, 0.85, 0.97, 1.0])
    g = [["#" if rng.random() < p else "." for _ in range(m)] for _ in range(n)]
    if index % 3 == 1:
        # draw a few crosses
        for _ in range(rng.randint(1, 4)):
            r, c = rng.randrange(n), rng.randrange(m)
            L = rng.randint(0, min(r, c, n - 1 - r, m - 1 - c))
            for k in range(-L, L + 1):
                g[r + k][c] = "#"
                g[r][c + k] = "#"
    return f"{n} {m}\n" + "".join("".join(row) + "\n" for row in g)
