import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (3000 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    for _ in range(t):
        if rng.random() < 0.4:
            a, b = rng.randint(1, 12), rng.randint(1, 12)
        else:
            a = rng.choice([1, rng.randint(1, 10**9), 10**9])
            b = rng.choice([a, rng.randint(1, 10**9), 1])
        lines.append(f"{a} {b}")
    return "\n".join(lines) + "\n"
