import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, [4]), (1, [4, 4]), (2, [4, 4]), (2, [4, 4, 4])]
    if index < len(fixed):
        k, s = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 12)
        kinds = rng.choice([1, 2, 5, 1000, 10**9])
        vals = [rng.randint(1, 10**9) for _ in range(min(kinds, 1000))]
        s = [rng.choice(vals) for _ in range(n)]
        k = rng.choice([1, n, rng.randint(1, n)])
    return f"{len(s)} {k}\n" + " ".join(map(str, s)) + "\n"
