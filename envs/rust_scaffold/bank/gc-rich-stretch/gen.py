import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, "G"), (1, "A"), (3, "ACG"), (2, "AAAAAA"), (3, "CCGATTGGC")]
    if index < len(fixed):
        k, s = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 25)
        gc = rng.choice([0.1, 0.5, 0.9])
        s = "".join(rng.choice("GC") if rng.random() < gc else rng.choice("AT") for _ in range(n))
        k = rng.choice([1, n, rng.randint(1, n), rng.randint(1, min(n, 50))])
    return f"{len(s)} {k}\n{s}\n"
