import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 4), rng.randint(1, 4)
    elif index % 4 == 3:
        n, m = 300, 300
    else:
        n, m = rng.randint(1, 60), rng.randint(1, 60)
    hi = rng.choice([0, 1, 3, 10**6])
    a = [[rng.randint(0, hi) for _ in range(m)] for _ in range(n)]
    if index % 3 == 1 and hi > 3:
        # plant a saddle: row values >= v, column values <= v
        r, c = rng.randrange(n), rng.randrange(m)
        v = rng.randint(hi // 3, 2 * hi // 3)
        for j in range(m):
            a[r][j] = rng.randint(v, hi)
        for i in range(n):
            a[i][c] = rng.randint(0, v)
        a[r][c] = v
    return f"{n} {m}\n" + "".join(" ".join(map(str, row)) + "\n" for row in a)
