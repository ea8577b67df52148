import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 4), rng.randint(1, 4)
        q = rng.randint(1, 6)
    else:
        n = rng.choice([rng.randint(1, 10), rng.randint(1, 10**9), 10**9])
        m = rng.choice([rng.randint(1, 10), rng.randint(1, 10**9), 10**9])
        q = 100000 if index % 4 == 3 else rng.randint(1, 2000)
    rows_pool = [rng.randint(1, n) for _ in range(rng.choice([1, 5, 1000]))]
    cols_pool = [rng.randint(1, m) for _ in range(rng.choice([1, 5, 1000]))]
    lines = [f"{n} {m} {q}"]
    for _ in range(q):
        if rng.random() < 0.5:
            lines.append(f"R {rng.choice(rows_pool)}")
        else:
            lines.append(f"C {rng.choice(cols_pool)}")
    return "\n".join(lines) + "\n"
