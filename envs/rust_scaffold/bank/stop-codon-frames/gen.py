import random


def generate(rng: random.Random, index: int) -> str:
    fixed = ["A", "TAA", "ATAA", "AATGA", "TAGTAGTAG", "TTAGA"]
    if index < len(fixed):
        s = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 25)
        if index % 2 == 0:
            parts = []
            while sum(map(len, parts)) < n:
                parts.append(rng.choice(["TAA", "TAG", "TGA", "T", "A", "G", "C", "AT", "TT"]))
            s = "".join(parts)[:n]
        else:
            s = "".join(rng.choice("ACGT") for _ in range(n))
    return s + "\n"
