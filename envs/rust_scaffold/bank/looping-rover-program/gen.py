import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        prog, k = "L", 1
    elif index == 1:
        prog, k = "F" * 1000, 10**15
    elif index == 2:
        prog, k = "FFRFLL", 10**15 - 1
    else:
        n = 1000 if index % 4 == 3 else rng.randint(1, 12)
        w = [rng.randint(1, 6), rng.randint(0, 3), rng.randint(0, 3)]
        prog = "".join(rng.choices("FLR", weights=w, k=n))
        k = rng.choice([rng.randint(1, 10), rng.randint(1, 10**15), 10**15 - rng.randint(0, 3)])
    return f"{prog}\n{k}\n"
