import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 8) if index < 4 else (5000 if index % 4 == 3 else rng.randint(1, 2000))
    hi = rng.choice([1, 5, 100, 10**9])
    s = [rng.randint(0, hi) for _ in range(n)]
    if index % 5 == 4:
        s = sorted(s)
    return f"{n}\n" + " ".join(map(str, s)) + "\n"
