import random

BIG = 10**18


def generate(rng: random.Random, index: int) -> str:
    qs = []
    if index == 0:
        qs = [
            (1, 1, 1, 1),
            (BIG, BIG, 1, BIG),
            (BIG, BIG - 1, 1, BIG),
            (10**9, 10**9 + 7, 1, BIG),
            (2, 2, 1, BIG),
            (1, BIG, BIG, BIG),
            (999999999989, 999999999959, 10**17, BIG),
            (6, 4, 12, 12),
        ]
    else:
        t = 10000 if index % 4 == 3 else rng.randint(1, 40)
        for _ in range(t):
            kind = rng.randint(0, 3)
            if kind == 0:
                a, b = rng.randint(1, 20), rng.randint(1, 20)
                lo = rng.randint(1, 100)
                r = rng.randint(lo, 200)
            elif kind == 1:
                a, b = rng.randint(1, BIG), rng.randint(1, BIG)
                lo = rng.randint(1, BIG)
                r = rng.randint(lo, BIG)
            elif kind == 2:
                # large co-prime-ish values: the lcm overflows 64 bits
                a, b = rng.randint(10**9, 10**12), rng.randint(10**9, 10**12)
                lo, r = rng.randint(1, 10**6), BIG
            else:
                g = rng.randint(1, 10**6)
                a, b = g * rng.randint(1, 10**6), g * rng.randint(1, 10**6)
                lo = rng.randint(1, 10**12)
                r = rng.randint(lo, BIG)
            qs.append((a, b, lo, r))
    return f"{len(qs)}\n" + "".join(f"{a} {b} {lo} {r}\n" for a, b, lo, r in qs)
