import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, q = rng.randint(1, 5), rng.randint(1, 5)
    elif index % 4 == 3:
        n, q = 2000, 2000
    else:
        n, q = rng.randint(1, 500), rng.randint(1, 500)
    hi = rng.choice([5, 100, 10**9])
    s = [rng.randint(0, hi) for _ in range(n)]
    lines = [f"{n} {q}", " ".join(map(str, s))]
    xh = rng.choice([1, 5, 10**9])
    for _ in range(q):
        lines.append(f"{rng.randint(1, n)} {rng.randint(1, xh)}")
    return "\n".join(lines) + "\n"
