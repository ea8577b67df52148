import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        q = rng.randint(1, 5)
        lim = 10
    elif index % 4 == 3:
        n = 60000
        q = 60000
        lim = 10**9
    else:
        n = rng.randint(1, 2000)
        q = rng.randint(1, 2000)
        lim = rng.choice([10, 10**9])
    if index % 3 == 1:
        a = [rng.randint(-lim, 0) for _ in range(n)]
    else:
        a = [rng.randint(-lim, lim) for _ in range(n)]
    lines = [f"{n} {q}", " ".join(map(str, a))]
    for _ in range(q):
        if rng.random() < 0.1:
            l, r = 1, n
        else:
            l = rng.randint(1, n)
            r = rng.randint(l, n)
        lines.append(f"{l} {r}")
    return "\n".join(lines) + "\n"
