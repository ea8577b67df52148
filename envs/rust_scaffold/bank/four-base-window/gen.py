import random


def generate(rng: random.Random, index: int) -> str:
    fixed = ["A", "ACGT", "TGCA", "ACG", "AAAACAAAAGAAAAT", "GATTACA"]
    if index < len(fixed):
        s = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 20)
        w = rng.choice([(1, 1, 1, 1), (50, 50, 50, 1), (1000, 1, 1, 1), (1, 1, 1, 0)])
        s = "".join(rng.choices("ACGT", weights=w, k=n))
    return s + "\n"
