import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [(0, 0), (0, 1000000), (1000000, 1000000), (8, 8), (99, 101)]
    else:
        q = 1000 if index % 4 == 3 else rng.randint(1, 30)
        qs = []
        for _ in range(q):
            a = rng.randint(0, 1000000)
            b = min(1000000, a + rng.choice([0, 5, 1000, 1000000]))
            qs.append((a, b))
    return f"{len(qs)}\n" + "".join(f"{a} {b}\n" for a, b in qs)
