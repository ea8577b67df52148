import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m, q = rng.randint(1, 4), rng.randint(1, 4), rng.randint(1, 5)
    elif index % 4 == 3:
        n, m, q = 500, 500, 5000
    else:
        n, m, q = rng.randint(1, 100), rng.randint(1, 100), rng.randint(1, 2000)
    hi = rng.choice([1, 9])
    rows = ["".join(str(rng.randint(0, hi)) for _ in range(m)) for _ in range(n)]
    qs = []
    for _ in range(q):
        if rng.random() < 0.1:
            qs.append((1, 1, n, m))
            continue
        r1, r2 = sorted((rng.randint(1, n), rng.randint(1, n)))
        c1, c2 = sorted((rng.randint(1, m), rng.randint(1, m)))
        qs.append((r1, c1, r2, c2))
    return (
        f"{n} {m} {q}\n"
        + "".join(r + "\n" for r in rows)
        + "".join(f"{a} {b} {c} {d}\n" for a, b, c, d in qs)
    )
