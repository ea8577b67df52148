import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 6) if index < 4 else (100000 if index % 4 == 3 else rng.randint(1, 3000))
    d = [
        rng.choice([0, 1, 59, 60, 61, 119, 120, rng.randint(0, 600), rng.randint(0, 10**6)])
        for _ in range(n)
    ]
    total = sum((x + 59) // 60 for x in d)
    F = rng.choice(
        [0, total, total - 1, total + 1, rng.randint(0, 10**9), rng.randint(0, max(0, total))]
    )
    F = max(0, min(10**9, F))
    P = rng.randint(0, 10**9)
    c = rng.randint(1, 1000)
    return f"{n} {P} {F} {c}\n" + " ".join(map(str, d)) + "\n"
