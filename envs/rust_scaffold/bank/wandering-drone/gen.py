import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "W"
    elif index == 1:
        s = "NESW" * 10
    elif index == 2:
        s = "E" * 200000
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 300)
        weights = [rng.randint(1, 5) for _ in range(4)]
        s = "".join(rng.choices("NSEW", weights=weights, k=n))
    return s + "\n"
