import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        1,
        9,
        10,
        25,
        77,
        679,
        999999999999999999,
        277777788888899,
        10**18,
        3778888999,
        26888999,
    ]
    if index < len(fixed):
        x = fixed[index]
    elif index % 3 == 0:
        d = rng.randint(2, 18)
        x = int("".join(rng.choice("23456789") for _ in range(d)))
    else:
        x = rng.randint(1, 10 ** rng.randint(1, 18))
    return f"{x}\n"
