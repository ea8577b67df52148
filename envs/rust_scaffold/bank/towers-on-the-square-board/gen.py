import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 5)
        k = rng.randint(1, n * n)
    elif index % 4 == 3:
        n = rng.choice([10**9, 3000, 300])
        k = 3000
    else:
        n = rng.choice([rng.randint(1, 30), rng.randint(1, 10**9)])
        k = rng.randint(1, min(n * n, 2000))
    cells = set()
    out = []
    while len(out) < k:
        if n <= 60 and rng.random() < 0.5:
            r, c = rng.randint(1, min(n, 4)), rng.randint(1, n)
        else:
            r, c = rng.randint(1, n), rng.randint(1, n)
        if (r, c) not in cells:
            cells.add((r, c))
            out.append((r, c))
    return f"{n} {k}\n" + "".join(f"{r} {c}\n" for r, c in out)
