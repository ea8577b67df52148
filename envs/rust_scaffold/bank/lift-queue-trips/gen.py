import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 6) if index < 4 else (100000 if index % 4 == 3 else rng.randint(1, 2000))
    C = rng.choice([1, 10, 200, rng.randint(1, 10**9), 10**9])
    mode = rng.randint(0, 3)
    if mode == 0:
        w = [rng.randint(1, C) for _ in range(n)]
    elif mode == 1:
        w = [rng.randint(1, max(1, C // 5)) for _ in range(n)]
    elif mode == 2:
        w = [C] * n
    else:
        w = [rng.choice([C // 2, C // 2 + 1, max(1, C // 3)]) or 1 for _ in range(n)]
    return f"{n} {C}\n" + " ".join(map(str, w)) + "\n"
