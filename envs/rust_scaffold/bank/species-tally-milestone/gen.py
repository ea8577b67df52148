import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, [7]), (2, [7]), (1, [7, 7]), (2, [7, 7]), (3, [1, 2, 3])]
    if index < len(fixed):
        k, s = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 12)
        kinds = rng.choice([1, 3, 100, 10**9])
        s = [rng.randint(1, kinds) for _ in range(n)]
        distinct = len(set(s))
        k = rng.choice([1, distinct, distinct + 1, rng.randint(1, max(1, distinct)), 200000])
    return f"{len(s)} {k}\n" + " ".join(map(str, s)) + "\n"
