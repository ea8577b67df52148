import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "W"
    elif index == 1:
        s = "B" * 200000
    elif index == 2:
        s = "WB" * 100000
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 30)
        start = rng.randint(0, 1)
        base = "".join("WB"[(i + start) % 2] for i in range(n))
        p = rng.choice([0.05, 0.3, 0.5, 0.7, 0.95])
        s = "".join(("B" if c == "W" else "W") if rng.random() < p else c for c in base)
    return f"{len(s)}\n{s}\n"
