import random


def cells(r):
    return 1 + 3 * r * (r + 1)


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        1,
        6,
        7,
        8,
        18,
        19,
        10**18,
        cells(577350268),
        cells(577350268) - 1,
        cells(577350269) - 1,
    ]
    fixed = [x for x in fixed if x <= 10**18]
    if index < len(fixed):
        c = fixed[index]
    else:
        if index % 2 == 0:
            r = rng.randint(0, 577350000)
            c = max(1, min(10**18, cells(r) + rng.randint(-1, 1)))
        else:
            c = rng.randint(1, 10 ** rng.randint(1, 18))
    return f"{c}\n"
