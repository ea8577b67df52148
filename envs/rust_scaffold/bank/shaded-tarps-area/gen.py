import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 4) if index < 4 else (1000 if index % 4 == 3 else rng.randint(1, 100))
    span = rng.choice([3, 10, 40, 100])
    rects = []
    for _ in range(n):
        x1 = rng.randint(0, 99)
        y1 = rng.randint(0, 99)
        x2 = rng.randint(x1 + 1, min(100, x1 + span))
        y2 = rng.randint(y1 + 1, min(100, y1 + span))
        rects.append(f"{x1} {y1} {x2} {y2}")
    return f"{n}\n" + "\n".join(rects) + "\n"
