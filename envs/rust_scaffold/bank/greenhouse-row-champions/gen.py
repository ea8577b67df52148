import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, m = rng.randint(1, 4), rng.randint(1, 4)
        hi = 9
    elif index % 4 == 3:
        n, m = 300, 300
        hi = 10**9
    else:
        n, m = rng.randint(1, 100), rng.randint(1, 100)
        hi = rng.choice([0, 9, 10**9])
    g = [[rng.randint(0, hi) for _ in range(m)] for _ in range(n)]
    return f"{n} {m}\n" + "".join(" ".join(map(str, r)) + "\n" for r in g)
