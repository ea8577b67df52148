import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [[5], [2, 1], [1, 1], [3, 2, 1]]
    if index < len(fixed):
        w = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 10)
        kind = index % 3
        if kind == 0:
            w = sorted((rng.randint(1, 10**9) for _ in range(n)), reverse=True)
        elif kind == 1:
            w = [rng.randint(1, 3) for _ in range(n)]
        else:
            w = [rng.randint(1, 10**9) for _ in range(n)]
    return f"{len(w)}\n" + " ".join(map(str, w)) + "\n"
