import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [["A"], ["T", "G"], ["GC", "CG"], ["ACGT", "TGCA", "GTAC", "CATG"]]
    if index < len(fixed):
        reads = fixed[index]
    else:
        if index % 4 == 3:
            m, L = 1000, 200
        else:
            m, L = rng.randint(1, 8), rng.randint(1, 12)
        base = [rng.choice("ACGT") for _ in range(L)]
        err = rng.choice([0.05, 0.3, 0.75])
        reads = [
            "".join(rng.choice("ACGT") if rng.random() < err else c for c in base) for _ in range(m)
        ]
    return f"{len(reads)} {len(reads[0])}\n" + "".join(r + "\n" for r in reads)
