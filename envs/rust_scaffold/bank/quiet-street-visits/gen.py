import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    kind = index % 4
    if kind == 0:
        c = [rng.randint(0, 10) for _ in range(n)]
    elif kind == 1:
        # pattern where taking every other house from the start is wrong
        c = [rng.choice([1, 10**9]) for _ in range(n)]
    elif kind == 2:
        c = [10**9] * n
    else:
        c = [rng.randint(0, 10**9) for _ in range(n)]
    return f"{n}\n{' '.join(map(str, c))}\n"
