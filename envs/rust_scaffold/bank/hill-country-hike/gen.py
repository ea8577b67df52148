import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 4), rng.randint(1, 4)
    elif index % 4 == 3:
        n, m = 300, 300
    else:
        n, m = rng.randint(1, 80), rng.randint(1, 80)
    kind = index % 3
    if kind == 0:
        hi = 10
        g = [[rng.randint(0, hi) for _ in range(m)] for _ in range(n)]
        d = rng.choice([4, 5, 6, 7])
    elif kind == 1:
        # smooth terrain: altitude drifts slowly, D near the typical step
        g = [[0] * m for _ in range(n)]
        for i in range(n):
            for j in range(m):
                base = g[i - 1][j] if i else (g[i][j - 1] if j else 500)
                g[i][j] = max(0, base + rng.randint(-6, 6))
        d = rng.choice([3, 4, 5])
    else:
        hi = 10**9
        g = [[rng.randint(0, hi) for _ in range(m)] for _ in range(n)]
        d = rng.choice([hi // 10 * 6, hi // 4 * 3, 10**9])
    return f"{n} {m} {d}\n" + "".join(" ".join(map(str, r)) + "\n" for r in g)
