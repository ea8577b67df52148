import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 12) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 3000))
    lines = [str(t)]
    for _ in range(t):
        y = rng.choice(
            [
                rng.randint(1, 9999),
                rng.choice([1900, 2000, 2100, 2400, 1600, 2024, 2023, 4, 100, 400, 9996]),
            ]
        )
        m = rng.choice([2, 2, rng.randint(1, 12)])
        w = rng.randint(1, 7)
        lines.append(f"{y} {m} {w}")
    return "\n".join(lines) + "\n"
