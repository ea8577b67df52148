import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [["A"], ["A", "A"], ["A", "C"], ["AC", "AC", "AG"]]
    if index < len(fixed):
        seqs = fixed[index]
    else:
        if index % 4 == 3:
            n, L = 1500, rng.choice([1, 3, 20])
        else:
            n, L = rng.randint(1, 10), rng.randint(1, 5)
        alpha = rng.choice(["AC", "ACGT"])
        root = [rng.choice(alpha) for _ in range(L)]
        seqs = []
        for _ in range(n):
            s = root[:]
            for _ in range(rng.randint(0, 3)):
                s[rng.randrange(L)] = rng.choice(alpha)
            seqs.append("".join(s))
    return f"{len(seqs)} {len(seqs[0])}\n" + "".join(s + "\n" for s in seqs)
