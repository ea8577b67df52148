import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 12) if index < 4 else (2000 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    for _ in range(t):
        kind = rng.randint(0, 6)
        if kind == 0:
            s = rng.randint(0, 100)
        elif kind == 1:
            s = rng.choice([0, 60, 3600, 86400, 86399, 3599, 10**18, 10**18 - 1])
        elif kind == 2:
            s = 86400 * rng.randint(0, 10**6) + 60 * rng.randint(0, 1) + rng.randint(0, 1)
        elif kind == 3:
            s = rng.randint(0, 10**18)
        else:
            s = rng.randint(0, 10**7)
        lines.append(str(s))
    return "\n".join(lines) + "\n"
