import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [1, 2, 35, 36, 37, 10**18, 2**59, 3**37, 36**11, 36**11 - 1, 999999999999999999, 1295]
    if index < len(fixed):
        n = fixed[index]
    else:
        if index % 3 == 0:
            b = rng.randint(2, 36)
            e = rng.randint(1, 11)
            n = (
                min(10**18, rng.randint(1, b - 1) * b**e)
                if b**e <= 10**18
                else rng.randint(1, 10**18)
            )
        else:
            n = rng.randint(1, 10 ** rng.randint(1, 18))
    return f"{n}\n"
