import random


def generate(rng: random.Random, index: int) -> str:
    fixed = ["00", "99", "10", "6174", "495", "000000000", "999999998", "123456789", "0001", "21"]
    if index < len(fixed):
        return fixed[index] + "\n"
    d = 9 if index % 4 == 3 else rng.randint(2, 9)
    return "".join(rng.choice("0123456789") for _ in range(d)) + "\n"
