import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        row = "."
    elif index == 1:
        row = "R" + "." * 49998 + "L"
    elif index == 2:
        row = "R.L"
    else:
        n = 50000 if index % 4 == 3 else rng.randint(1, 30)
        p = rng.choice([0.05, 0.2, 0.5])
        row = "".join(rng.choice("LR") if rng.random() < p else "." for _ in range(n))
    return f"{len(row)}\n{row}\n"
