import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 4), rng.randint(2, 4)
    elif index % 4 == 3:
        n, m = 500, 500
    else:
        n, m = rng.randint(1, 80), rng.randint(2, 80)
    kind = index % 3
    if kind == 2 and n >= 3:
        # serpentine corridor: a very long shortest path
        g = [["."] * m for _ in range(n)]
        for r in range(1, n, 2):
            for c in range(m):
                g[r][c] = "#"
            g[r][m - 1 if (r // 2) % 2 == 0 else 0] = "."
    else:
        p = rng.choice([0.1, 0.3, 0.42])
        g = [["#" if rng.random() < p else "." for _ in range(m)] for _ in range(n)]
    cells = [(r, c) for r in range(n) for c in range(m)]
    if kind == 2 and n >= 3:
        s = (0, 0)
        e = (n - 1, m - 1) if (n - 1) % 2 == 0 else (n - 2 + 1, 0)
        if g[e[0]][e[1]] == "#":
            e = (n - 1, m - 1)
    else:
        s, e = rng.sample(cells, 2)
    g[s[0]][s[1]] = "S"
    g[e[0]][e[1]] = "E"
    return f"{n} {m}\n" + "\n".join("".join(r) for r in g) + "\n"
