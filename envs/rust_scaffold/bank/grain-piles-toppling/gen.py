import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [[0], [1], [100], [100] * 50, [1] * 50, [2] + [1] * 49, [0, 100, 0]]
    if index < len(fixed):
        c = fixed[index]
    else:
        n = 50 if index % 4 == 3 else rng.randint(1, 10)
        kind = index % 3
        if kind == 0:
            c = [rng.randint(0, 100) for _ in range(n)]
        elif kind == 1:
            c = [rng.randint(0, 3) for _ in range(n)]
        else:
            c = [0] * n
            c[rng.randrange(n)] = 100
    return f"{len(c)}\n" + " ".join(map(str, c)) + "\n"
