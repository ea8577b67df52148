import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        return "2 2\n0 0\n0 0\n"
    if index == 1:
        return "2 2\n1000000000 1000000000\n1000000000 1000000000\n"
    if index % 4 == 3:
        n, m = rng.choice([(300, 300), (300, 2), (2, 300)])
    else:
        n, m = rng.randint(2, 6), rng.randint(2, 6)
    hi = rng.choice([1, 9, 10**9])
    rows = [[rng.randint(0, hi) for _ in range(m)] for _ in range(n)]
    return f"{n} {m}\n" + "".join(" ".join(map(str, r)) + "\n" for r in rows)
