import random


def generate(rng: random.Random, index: int) -> str:
    fixed = ["A", "C", "G", "CG", "GC", "CCGGCC", "ATATAT"]
    if index < len(fixed):
        s = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 30)
        w = rng.choice([(1, 1, 1, 1), (1, 3, 3, 1), (1, 3, 2, 1), (1, 2, 3, 1)])
        s = "".join(rng.choices("ACGT", weights=w, k=n))
    return s + "\n"
