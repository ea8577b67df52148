import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        rows = ["*"]
    elif index == 1:
        rows = ["***", "*.*", "***"]
    elif index == 2:
        rows = ["*" * 100] * 100
    else:
        n = 100 if index % 4 == 3 else rng.randint(1, 10)
        m = 100 if index % 4 == 3 else rng.randint(1, 10)
        p = rng.random()
        rows = ["".join("*" if rng.random() < p else "." for _ in range(m)) for _ in range(n)]
    return f"{len(rows)} {len(rows[0])}\n" + "".join(r + "\n" for r in rows)
