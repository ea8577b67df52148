import random

B = 10**9


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [
            (1, 0, 1),
            (0, 1, 1),
            (1, 0, 10**18),
            (0, 1, 10**18),
            (B, B, 10**18),
            (1, 1, 7),
            (1, 1, 8),
            (3, 0, 15),
            (3, 0, 16),
            (0, 5, 10),
            (0, 5, 11),
        ]
    else:
        q = 5000 if index % 4 == 3 else rng.randint(1, 30)
        qs = []
        for _ in range(q):
            a = rng.choice([0, rng.randint(0, 10), rng.randint(0, B)])
            b = rng.choice([0, rng.randint(0, 10), rng.randint(0, B)])
            if a + b == 0:
                a = 1
            week = 5 * a + 2 * b
            kind = rng.randint(0, 2)
            if kind == 0:
                t = rng.randint(1, 10**18)
            elif kind == 1:
                t = max(1, min(10**18, week * rng.randint(0, 10**6) + rng.randint(-1, 1)))
            else:
                t = rng.randint(1, max(1, 3 * week))
            qs.append((a, b, t))
    return f"{len(qs)}\n" + "".join(f"{a} {b} {t}\n" for a, b, t in qs)
