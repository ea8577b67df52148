import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        rows = ["o"]
    elif index == 1:
        rows = ["#"]
    elif index == 2:
        rows = ["o" * 100] * 50 + ["." * 100] * 50
    else:
        n = 100 if index % 4 == 3 else rng.randint(1, 12)
        m = 100 if index % 4 == 3 else rng.randint(1, 12)
        ps = rng.random() * 0.6
        pr = rng.random() * 0.3
        rows = []
        for _ in range(n):
            row = []
            for _ in range(m):
                x = rng.random()
                row.append("o" if x < ps else "#" if x < ps + pr else ".")
            rows.append("".join(row))
    return f"{len(rows)} {len(rows[0])}\n" + "".join(r + "\n" for r in rows)
