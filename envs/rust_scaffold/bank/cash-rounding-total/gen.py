import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 5) if index < 4 else (100000 if index % 4 == 3 else rng.randint(1, 3000))
    hi = rng.choice([0, 3, 100, 100000])
    ps = []
    for _ in range(n):
        d = rng.randint(0, hi)
        c = rng.randint(0, 99)
        ps.append(f"{d}.{c:02d}")
    return f"{n}\n" + "\n".join(ps) + "\n"
