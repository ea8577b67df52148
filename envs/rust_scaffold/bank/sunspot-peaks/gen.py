import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [[5], [1, 9], [9, 1], [1, 2, 1], [1, 1, 1], [0, 10**9, 0, 10**9, 0]]
    if index < len(fixed):
        c = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 12)
        hi = rng.choice([2, 5, 10**9])
        c = [rng.randint(0, hi) for _ in range(n)]
    return f"{len(c)}\n" + " ".join(map(str, c)) + "\n"
