import random


def generate(rng: random.Random, index: int) -> str:
    n = 3 if index < 3 else (100000 if index % 4 == 3 else rng.randint(3, 30))
    common = rng.randint(0, 2)
    other = rng.choice([r for r in range(3) if r != common])
    vals = [3 * rng.randint(0, 333333332) + common for _ in range(n)]
    vals = [v if v >= 1 else v + 3 for v in vals]
    pos = index if index < 3 else rng.choice([0, n - 1, rng.randrange(n)])
    v = 3 * rng.randint(0, 333333332) + other
    vals[pos] = v if v >= 1 else v + 3
    return f"{n}\n" + " ".join(map(str, vals)) + "\n"
