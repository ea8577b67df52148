import random

BIG = 10**18


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [
            (1, 1),
            (4, 4),
            (100, 100),
            (400, 400),
            (1, BIG),
            (BIG, BIG),
            (1, 3),
            (1896, 1904),
            (1600, 2400),
            (BIG - 400, BIG),
        ]
    else:
        t = 3000 if index % 4 == 3 else rng.randint(1, 40)
        qs = []
        for _ in range(t):
            kind = rng.randint(0, 2)
            if kind == 0:
                a = rng.randint(1, 3000)
                b = rng.randint(a, a + rng.randint(0, 1000))
            elif kind == 1:
                a = rng.randint(1, BIG)
                b = rng.randint(a, BIG)
            else:
                a = 100 * rng.randint(1, 10**15) + rng.randint(-1, 1)
                b = a + rng.choice([0, 1, 99, 100, 399, 400, 401])
                b = min(b, BIG)
            qs.append((a, b))
    return f"{len(qs)}\n" + "".join(f"{a} {b}\n" for a, b in qs)
