import random

B = 10**9


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [(1, 1, 1), (B, 1, B), (B, B, B), (B, 3, B), (7, 7, 1), (8, 7, 2), (B - 1, B, 5)]
    else:
        t = 2500 if index % 4 == 3 else rng.randint(1, 30)
        qs = []
        for _ in range(t):
            hi = rng.choice([20, 10**5, B])
            k = rng.randint(1, hi)
            n = rng.choice([rng.randint(1, hi), k * rng.randint(1, max(1, hi // k))])
            qs.append((min(n, B), k, rng.randint(1, rng.choice([10, B]))))
    return f"{len(qs)}\n" + "".join(f"{n} {k} {p}\n" for n, k, p in qs)
