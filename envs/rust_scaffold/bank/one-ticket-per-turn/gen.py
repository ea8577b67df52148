import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 6) if index < 4 else (150000 if index % 4 == 3 else rng.randint(1, 2000))
    hi = rng.choice([1, 3, 10, 10**9]) if index >= 4 else rng.choice([1, 3, 5])
    t = [rng.randint(1, hi) for _ in range(n)]
    k = rng.randint(1, n)
    if index % 5 == 1:
        k = n
    if index % 5 == 2:
        t[k - 1] = 10**9 if hi > 10 else hi
    return f"{n} {k}\n" + " ".join(map(str, t)) + "\n"
