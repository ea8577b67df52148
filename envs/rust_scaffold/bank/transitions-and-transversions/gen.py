import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [("A", "G"), ("A", "C"), ("T", "T"), ("ACGT", "TGCA"), ("AAAA", "GGGG")]
    if index < len(fixed):
        a, b = fixed[index]
        return a + "\n" + b + "\n"
    n = 100000 if index % 4 == 3 else rng.randint(1, 50)
    a = [rng.choice("ACGT") for _ in range(n)]
    rate = rng.choice([0.0, 0.1, 0.5, 1.0])
    b = [rng.choice("ACGT") if rng.random() < rate else c for c in a]
    return "".join(a) + "\n" + "".join(b) + "\n"
