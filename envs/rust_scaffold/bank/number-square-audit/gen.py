import random


def solved(rng):
    base = [[(3 * (r % 3) + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]
    digits = list(range(1, 10))
    rng.shuffle(digits)
    g = [[digits[v - 1] for v in row] for row in base]
    # shuffle rows within bands and bands, same for columns
    bands = [0, 1, 2]
    rng.shuffle(bands)
    rows = [b * 3 + i for b in bands for i in rng.sample(range(3), 3)]
    stacks = [0, 1, 2]
    rng.shuffle(stacks)
    cols = [s * 3 + i for s in stacks for i in rng.sample(range(3), 3)]
    return [[g[r][c] for c in cols] for r in rows]


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 4) if index < 4 else (500 if index % 4 == 3 else rng.randint(1, 100))
    lines = [str(t)]
    for _ in range(t):
        g = solved(rng)
        mode = rng.randint(0, 4)
        if mode == 1:
            g[rng.randrange(9)][rng.randrange(9)] = rng.randint(1, 9)
        elif mode == 2:
            r = rng.randrange(9)
            a, b = rng.sample(range(9), 2)
            g[r][a], g[r][b] = g[r][b], g[r][a]
        elif mode == 3:
            for _ in range(rng.randint(1, 20)):
                g[rng.randrange(9)][rng.randrange(9)] = rng.randint(1, 9)
        elif mode == 4:
            # swap two whole rows from different bands: rows stay fine, boxes break
            a = rng.randrange(3)
            b = rng.randrange(3, 9)
            g[a], g[b] = g[b], g[a]
        lines.extend("".join(map(str, row)) for row in g)
    return "\n".join(lines) + "\n"
