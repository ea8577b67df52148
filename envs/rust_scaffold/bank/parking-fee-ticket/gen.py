import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 10) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 2000))
    F = rng.choice([0, 1, 15, 30, 60, rng.randint(0, 1440), 1440])
    c = rng.choice([1, rng.randint(1, 1000), 1000])
    M = rng.choice([1, rng.randint(1, 100000), 100000, c * rng.randint(1, 24)])
    lines = [f"{t} {F} {c} {M}"]
    for _ in range(t):
        a = rng.randint(0, 1439)
        kind = rng.randint(0, 3)
        if kind == 0:
            d = F + rng.choice([-1, 0, 1, 59, 60, 61, 119, 120, 121])
        elif kind == 1:
            d = 0
        else:
            d = rng.randint(0, 1439)
        if d < 0:
            d = 0
        if a + d > 1439:
            a = max(0, 1439 - d)
            d = min(d, 1439 - a)
        b = a + d
        lines.append("%02d:%02d %02d:%02d" % (a // 60, a % 60, b // 60, b % 60))
    return "\n".join(lines) + "\n"
