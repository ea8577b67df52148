import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 4), rng.randint(1, 4)
    elif index % 4 == 3:
        n, m = 300, 300
    else:
        n, m = rng.randint(1, 100), rng.randint(1, 100)
    hi = rng.choice([1, 9, 1000])
    g = [[rng.randint(0, hi) for _ in range(m)] for _ in range(n)]
    if index % 5 == 4:
        # tempting big values early on a path that leads into a poor region
        for j in range(m):
            g[0][j] = hi
        for i in range(n):
            for j in range(m):
                if i > 0 and j < m // 2:
                    g[i][j] = hi
    return f"{n} {m}\n" + "".join(" ".join(map(str, r)) + "\n" for r in g)
