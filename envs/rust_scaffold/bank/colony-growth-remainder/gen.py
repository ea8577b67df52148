import random

B = 10**18


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [
            (1, 0, 1),
            (1, B, B),
            (B, B, B),
            (B - 1, B, B),
            (2, 62, B),
            (B, 0, 2),
            (999999999999999989, B - 1, 999999999999999989),
            (10, 18, B - 1),
            (7, 1, 100),
        ]
    else:
        t = 1000 if index % 4 == 3 else rng.randint(1, 30)
        qs = []
        for _ in range(t):
            hi = rng.choice([10, 10**9, B])
            a = rng.randint(1, hi)
            b = rng.choice([0, 1, rng.randint(0, 100), rng.randint(0, B)])
            m = rng.choice([1, rng.randint(1, hi), rng.randint(B // 2, B)])
            qs.append((a, b, m))
    return f"{len(qs)}\n" + "".join(f"{a} {b} {m}\n" for a, b, m in qs)
