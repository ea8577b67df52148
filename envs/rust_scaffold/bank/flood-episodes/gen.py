import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 0, [0]),
        (1, 0, [1]),
        (3, 4, [4, 4, 4]),
        (4, 2, [3, 3, 3, 3]),
        (5, 5, [6, 1, 6, 1, 6]),
    ]
    if index < len(fixed):
        n, t, h = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 30)
        hi = rng.choice([3, 10, 10**9])
        t = rng.randint(0, hi)
        h = [
            rng.randint(max(0, t - 2), min(10**9, t + 2)) if hi == 3 else rng.randint(0, hi)
            for _ in range(n)
        ]
    return f"{n} {t}\n" + " ".join(map(str, h)) + "\n"
