import random

COMP = {"A": "T", "T": "A", "C": "G", "G": "C"}


def generate(rng: random.Random, index: int) -> str:
    fixed = ["A", "ATAT", "GAATTC", "ATA", "ATATATATATATATAT", "CGCGCGCGCGCGCG"]
    if index < len(fixed):
        s = fixed[index]
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 30)
        kind = index % 3
        if kind == 0:
            s = "".join(rng.choice("AT") for _ in range(n))
        elif kind == 1:
            s = "".join(rng.choice("ACGT") for _ in range(n))
        else:
            out = []
            while len(out) < n:
                h = [rng.choice("ACGT") for _ in range(rng.randint(1, 6))]
                out += h + [COMP[c] for c in reversed(h)]
                out += [rng.choice("ACGT") for _ in range(rng.randint(0, 2))]
            s = "".join(out[:n])
    return s + "\n"
