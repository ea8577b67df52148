import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (1000 if index % 4 == 3 else rng.randint(1, 200))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 3)
        if mode == 0:
            n = rng.randint(1, 15)
        elif mode == 1:
            n = rng.choice([10**6, 10**6 - 1, 500000003 % 10**6])
        else:
            n = rng.randint(1, 10**6)
        lines.append(str(n))
    return "\n".join(lines) + "\n"
