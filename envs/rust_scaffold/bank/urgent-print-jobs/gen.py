import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 6) if index < 4 else (1000 if index % 4 == 3 else rng.randint(1, 200))
    hi = rng.choice([1, 2, 3, 9])
    u = [rng.randint(1, hi) for _ in range(n)]
    k = rng.randint(1, n)
    return f"{n} {k}\n" + " ".join(map(str, u)) + "\n"
