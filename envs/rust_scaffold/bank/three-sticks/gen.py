import random

TOP = 4 * 10**18


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [
            (1, 1, 1),
            (1, 1, 2),
            (TOP, TOP, TOP),
            (TOP, TOP, 1),
            (1, TOP, TOP - 1),
            (2 * 10**18, 2 * 10**18, TOP),
            (2 * 10**18, 2 * 10**18 + 1, TOP),
            (1, 2, 2),
        ]
    else:
        t = 10000 if index % 4 == 3 else rng.randint(1, 30)
        qs = []
        for _ in range(t):
            hi = rng.choice([10, 10**9, TOP])
            a, b = rng.randint(1, hi), rng.randint(1, hi)
            kind = rng.randint(0, 2)
            if kind == 0:
                c = rng.randint(1, hi)
            else:
                # right at the boundary a + b = c, or one above / below
                c = min(TOP, max(1, a + b + rng.randint(-1, 0 if kind == 1 else 1)))
            sides = [a, b, c]
            rng.shuffle(sides)
            qs.append(tuple(sides))
    return f"{len(qs)}\n" + "".join(f"{a} {b} {c}\n" for a, b, c in qs)
