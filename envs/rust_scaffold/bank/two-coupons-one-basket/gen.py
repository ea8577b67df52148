import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 10) if index < 4 else (5000 if index % 4 == 3 else rng.randint(1, 2000))
    lines = [str(t)]
    for _ in range(t):
        P = rng.choice([rng.randint(1, 100), rng.randint(1, 10**9), 10**9])
        r = rng.choice([0, 100, rng.randint(0, 100), 33, 50])
        f = rng.choice([0, rng.randint(0, P), rng.randint(0, 10**9), P, P + 1, rng.randint(0, 10)])
        lines.append(f"{P} {r} {f}")
    return "\n".join(lines) + "\n"
