import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 4), rng.randint(1, 4)
    elif index % 4 == 3:
        n, m = rng.choice([(100, 100), (1, 100), (100, 1), (100, 37)])
    else:
        n, m = rng.randint(1, 40), rng.randint(1, 40)
    seq = index % 3 == 0
    rows = []
    for i in range(n):
        rows.append(
            " ".join(str((i * m + j) % 1000 if seq else rng.randint(0, 999)) for j in range(m))
        )
    return f"{n} {m}\n" + "\n".join(rows) + "\n"
