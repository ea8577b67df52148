import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, 0, [0]), (1, 5, [4]), (2, 3, [2, 4]), (2, 4, [3, 4])]
    if index < len(fixed):
        k, c, a = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 12)
        if index % 2 == 0:
            c = 10**9 - rng.randint(0, 1)
            a = [10**9 - rng.randint(0, 2) for _ in range(n)]
        else:
            c = rng.randint(0, 10)
            a = [rng.randint(0, 20) for _ in range(n)]
        k = rng.choice([1, n, rng.randint(1, n)])
    return f"{len(a)} {k} {c}\n" + " ".join(map(str, a)) + "\n"
