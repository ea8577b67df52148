import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(0, [5]), (0, [1, 2]), (1, [1, 2]), (10**9, [0, 10**9, 5])]
    if index < len(fixed):
        d, x = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 12)
        kind = index % 3
        if kind == 0:
            x = [rng.randint(0, 10**9) for _ in range(n)]
            d = 10**9
        elif kind == 1:
            x = [rng.randint(0, 20) for _ in range(n)]
            d = rng.randint(0, 5)
        else:
            x = [rng.randint(0, 10**9) for _ in range(n)]
            d = rng.randint(0, 10**5)
    return f"{len(x)} {d}\n" + " ".join(map(str, x)) + "\n"
