import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [[1], [1, 2], [1, 2, 3], [3, 2, 1], [5, 1, 3], [1000000, 1, 999999, 500000]]
    if index < len(fixed):
        a = fixed[index]
    else:
        n = 2000 if index % 4 == 3 else rng.randint(1, 12)
        kind = index % 3
        if kind == 0:
            a = [rng.randint(1, 3) for _ in range(n)]
        elif kind == 1:
            a = [rng.randint(1, 50) for _ in range(n)]
        else:
            a = [rng.choice([1, 10**6, rng.randint(1, 10**6)]) for _ in range(n)]
    return f"{len(a)}\n" + " ".join(map(str, a)) + "\n"
