import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [("A", "A"), ("A", "C"), ("AAAA", "AA"), ("ACG", "ACGT"), ("CGCGCG", "CGC")]
    if index < len(fixed):
        g, m = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 30)
        alpha = rng.choice(["A", "AC", "ACGT", "ACGT"])
        g = "".join(rng.choice(alpha) for _ in range(n))
        ml = rng.randint(1, 10)
        if rng.random() < 0.6 and ml <= n:
            i = rng.randint(0, n - ml)
            m = g[i : i + ml]
        else:
            m = "".join(rng.choice(alpha) for _ in range(ml))
    return f"{g}\n{m}\n"
