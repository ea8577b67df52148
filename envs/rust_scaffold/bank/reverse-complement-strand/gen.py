import random

COMP = {"A": "T", "T": "A", "C": "G", "G": "C"}


def rc(s):
    return "".join(COMP[c] for c in reversed(s))


def generate(rng: random.Random, index: int) -> str:
    fixed = ["A", "AT", "CG", "AA", "ACGT", "GATC", "ACT"]
    if index < len(fixed):
        return fixed[index] + "\n"
    n = 50000 if index % 4 == 3 else rng.randint(1, 60)
    if index % 3 == 0:
        half = "".join(rng.choice("ACGT") for _ in range(n // 2))
        s = half + rc(half)
        if index % 2 == 1 and len(s) > 0:
            i = rng.randrange(len(s))
            s = s[:i] + rng.choice("ACGT") + s[i + 1 :]
        if not s:
            s = "AT"
        return s + "\n"
    return "".join(rng.choice("ACGT") for _ in range(n)) + "\n"
