import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [("A", "A"), ("A", "C"), ("AC", "CA"), ("ACGT", "ACGT"), ("AAAA", "AAAAA")]
    if index < len(fixed):
        g, m = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 30)
        alpha = rng.choice(["AC", "ACGT"])
        g = "".join(rng.choice(alpha) for _ in range(n))
        k = rng.randint(1, 20)
        if rng.random() < 0.6 and k <= n:
            idx = sorted(rng.sample(range(n), k))
            m = "".join(g[i] for i in idx)
        else:
            m = "".join(rng.choice("ACGT") for _ in range(k))
        if index % 4 == 3 and index % 8 == 7:
            g = "A" * (n - 1) + "C"
            m = "A" * 19 + "C"
    return f"{g}\n{m}\n"
