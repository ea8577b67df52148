import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 6) if index < 4 else (300 if index % 4 == 3 else rng.randint(1, 60))
    order = list(range(n))
    rng.shuffle(order)
    rank = {p: i for i, p in enumerate(order)}
    beat = [[False] * n for _ in range(n)]
    mode = index % 3
    for i in range(n):
        for j in range(i + 1, n):
            w = rng.random() < 0.5 if mode == 0 else rank[i] < rank[j]
            beat[i][j] = w
            beat[j][i] = not w
    if mode == 2 and n >= 3:
        # flip a few games of an otherwise strict ranking
        for _ in range(rng.randint(1, 3)):
            i, j = rng.sample(range(n), 2)
            beat[i][j], beat[j][i] = beat[j][i], beat[i][j]
    rows = [
        "".join("-" if i == j else ("1" if beat[i][j] else "0") for j in range(n)) for i in range(n)
    ]
    return f"{n}\n" + "\n".join(rows) + "\n"
