import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (2000 if index % 4 == 3 else rng.randint(1, 500))
    lines = [str(t)]
    for _ in range(t):
        N = rng.choice([rng.randint(1, 10), rng.randint(1, 60), 60, 59])
        m = rng.choice([rng.randint(1, N), N // 2 or 1, N, 1])
        k = rng.choice([rng.randint(0, m), 0, m, m // 2])
        lines.append(f"{N} {m} {k}")
    return "\n".join(lines) + "\n"
