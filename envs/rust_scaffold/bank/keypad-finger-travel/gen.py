import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "a"
    elif index == 1:
        s = "ze" * 50000
    elif index == 2:
        s = "abcdefghijklmnopqrstuvwxyz"
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 30)
        s = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(n))
    return s + "\n"
