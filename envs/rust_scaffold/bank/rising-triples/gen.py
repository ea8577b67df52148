import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [[1], [1, 2], [1, 2, 3], [3, 2, 1], [1, 1, 2, 2, 3, 3]]
    if index < len(fixed):
        s = fixed[index]
    else:
        n = 3000 if index % 4 == 3 else rng.randint(1, 12)
        kind = index % 3
        if kind == 0:
            s = list(range(1, n + 1))
        elif kind == 1:
            s = [rng.randint(1, 4) for _ in range(n)]
        else:
            s = [rng.randint(1, 10**9) for _ in range(n)]
    return f"{len(s)}\n" + " ".join(map(str, s)) + "\n"
