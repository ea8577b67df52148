import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, "G"), (2, "GA"), (1, "TTAA"), (3, "TGTGTG")]
    if index < len(fixed):
        k, s = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 30)
        alpha = rng.choice(["A", "AT", "ACGT", "ACGT"])
        if index % 3 == 0:
            unit = "".join(rng.choice(alpha) for _ in range(rng.randint(1, 5)))
            s = (unit * (n // len(unit) + 1))[:n]
            s = "".join(rng.choice("ACGT") if rng.random() < 0.05 else c for c in s)
        else:
            s = "".join(rng.choice(alpha) for _ in range(n))
        k = rng.choice([1, 12, rng.randint(1, 12)])
        k = min(k, n)
    return f"{len(s)} {k}\n{s}\n"
