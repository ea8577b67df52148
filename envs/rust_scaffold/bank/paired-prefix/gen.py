import random

COMP = {"A": "T", "T": "A", "C": "G", "G": "C"}


def generate(rng: random.Random, index: int) -> str:
    fixed = ["A", "AT", "CG", "ATCG", "ACAT", "TA"]
    if index < len(fixed):
        s = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 20)
        if index % 2 == 0:
            out = []
            while len(out) < n:
                blk = [rng.choice("ACGT") for _ in range(rng.randint(1, 3))]
                blk += [COMP[c] for c in blk]
                rng.shuffle(blk)
                out += blk
            s = "".join(out[:n])
        else:
            s = "".join(rng.choice("ACGT") for _ in range(n))
    return s + "\n"
