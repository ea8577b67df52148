import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        w = [2, 2]
    elif index == 1:
        w = [10**9] * 100000
    elif index == 2:
        w = [1, 2] * 50000
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 30)
        p = rng.random()
        w = [2 * rng.randint(1, 5 * 10**8) - (1 if rng.random() < p else 0) for _ in range(n)]
    return f"{len(w)}\n" + " ".join(map(str, w)) + "\n"
