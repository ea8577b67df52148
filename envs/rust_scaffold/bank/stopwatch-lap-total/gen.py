import random


def generate(rng: random.Random, index: int) -> str:
    if index < 3:
        n = rng.randint(1, 4)
    elif index % 4 == 3:
        n = 1000
    else:
        n = rng.randint(1, 300)
    laps = []
    for _ in range(n):
        kind = rng.randint(0, 4)
        if kind == 0:
            m, s = 59, 59
        elif kind == 1:
            m, s = 0, rng.randint(0, 59)
        else:
            m, s = rng.randint(0, 59), rng.randint(0, 59)
        laps.append(f"{m}:{s:02d}")
    if index == 0:
        laps = ["0:00"] * n
    return f"{n}\n" + "\n".join(laps) + "\n"
