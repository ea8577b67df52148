import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 4), rng.randint(1, 4)
    elif index % 4 == 3:
        n, m = 500, 500
    else:
        n, m = rng.randint(1, 100), rng.randint(1, 100)
    kind = index % 5
    if kind == 4 and n >= 3:
        # a long snake: stresses deep recursion
        g = [["."] * m for _ in range(n)]
        for r in range(n):
            if r % 2 == 0:
                for c in range(m):
                    g[r][c] = "#"
            else:
                g[r][m - 1 if (r // 2) % 2 == 0 else 0] = "#"
    else:
        # kind 4 lands here when the grid is too small for a snake
        p = [0.0, 0.3, 0.55, 0.75, 0.45][kind]
        if index == 1:
            p = 1.0
        g = [["#" if rng.random() < p else "." for _ in range(m)] for _ in range(n)]
    return f"{n} {m}\n" + "\n".join("".join(r) for r in g) + "\n"
