import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 8) if index < 4 else (150000 if index % 4 == 3 else rng.randint(1, 3000))
    bits = rng.choice([1, 2, 3, 30])
    a = [rng.randrange(1 << bits) for _ in range(n)]
    if index % 5 == 2:
        a = [0] * n
    return f"{n}\n" + " ".join(map(str, a)) + "\n"
