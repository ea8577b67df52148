import random


def sq(rng):
    return rng.choice("abcdefgh") + rng.choice("12345678")


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (3000 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    for _ in range(t):
        a = sq(rng)
        b = a if rng.random() < 0.1 else sq(rng)
        lines.append(f"{a} {b}")
    return "\n".join(lines) + "\n"
