import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (2500 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    for _ in range(t):
        s = rng.choice([0, 1, rng.randint(0, 10), rng.randint(0, 10**6), 10**6])
        p = rng.choice([0, 1, rng.randint(0, 10), rng.randint(0, 10**6), 10**6])
        h = rng.choice([0, rng.randint(0, 1000), 1000])
        c = rng.choice([0, rng.randint(0, 1000), 1000])
        lines.append(f"{s} {p} {h} {c}")
    return "\n".join(lines) + "\n"
