import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [
            (1, 0, 0, "L"),
            (1, 1, 0, "R"),
            (1, 0, 10**18, "R"),
            (1, 1, 10**18 - 1, "L"),
            (10**9, 0, 10**18, "R"),
            (10**9, 10**9, 2 * 10**9, "R"),
            (5, 2, 3, "R"),
            (5, 2, 2, "L"),
            (5, 0, 5, "R"),
            (5, 5, 10, "L"),
        ]
    else:
        q = 2500 if index % 4 == 3 else rng.randint(1, 30)
        qs = []
        for _ in range(q):
            length = rng.randint(1, rng.choice([5, 100, 10**9]))
            p = rng.choice([0, length, rng.randint(0, length)])
            t = rng.choice(
                [rng.randint(0, 4 * length), rng.randint(0, 10**18), rng.randint(0, 10**6) * length]
            )
            qs.append((length, p, t, rng.choice("LR")))
    return f"{len(qs)}\n" + "".join(f"{a} {b} {c} {d}\n" for a, b, c, d in qs)
