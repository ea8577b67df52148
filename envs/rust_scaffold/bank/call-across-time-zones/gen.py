import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (3000 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    for _ in range(t):
        h = rng.choice([0, 23, rng.randint(0, 23)])
        m = rng.choice([0, 59, rng.randint(0, 59)])
        a = rng.choice([-11, 12, rng.randint(-11, 12)])
        b = rng.choice([-11, 12, rng.randint(-11, 12), a])
        lines.append(f"{h:02d}:{m:02d} {a} {b}")
    return "\n".join(lines) + "\n"
