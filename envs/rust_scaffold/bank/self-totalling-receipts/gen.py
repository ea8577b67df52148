import random


def s(x: int) -> int:
    return sum(map(int, str(x)))


def generate(rng: random.Random, index: int) -> str:
    fixed = [1, 2, 101, 10**9, 1000000000 - 1, 1000000008, 198]
    if index < len(fixed):
        n = min(fixed[index], 10**9)
    elif index % 2 == 0:
        # a total that has at least one bill
        x = rng.randint(0, 10**9 - 90)
        n = max(1, x + s(x))
    else:
        n = rng.randint(1, 10 ** rng.randint(1, 9))
    return f"{n}\n"
