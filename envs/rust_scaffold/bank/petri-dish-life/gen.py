import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        rows, k = ["#"], 1
    elif index == 1:
        rows, k = ["#" * 50] * 50, 100
    elif index == 2:
        # a glider that reaches the edge
        rows = [".#......", "..#.....", "###.....", "........", "........", "........"]
        k = 30
    else:
        n = 50 if index % 4 == 3 else rng.randint(1, 12)
        m = 50 if index % 4 == 3 else rng.randint(1, 12)
        p = rng.choice([0.2, 0.35, 0.5])
        rows = ["".join("#" if rng.random() < p else "." for _ in range(m)) for _ in range(n)]
        k = rng.choice([0, 1, 2, rng.randint(0, 100), 100])
    return f"{len(rows)} {len(rows[0])} {k}\n" + "".join(r + "\n" for r in rows)
