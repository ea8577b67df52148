import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [(0, 10**18), (10**18, 10**18), (2**59, 2**59 - 1), (1, 2), (0, 2**59)]
    else:
        t = 10000 if index % 4 == 3 else rng.randint(1, 30)
        qs = []
        for _ in range(t):
            a = rng.randint(0, 10 ** rng.randint(0, 18))
            b = a ^ (1 << rng.randint(0, 59)) if rng.random() < 0.3 else rng.randint(0, 10**18)
            qs.append((a, min(b, 10**18)))
    return f"{len(qs)}\n" + "".join(f"{a} {b}\n" for a, b in qs)
