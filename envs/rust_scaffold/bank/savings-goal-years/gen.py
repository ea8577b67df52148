import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 10) if index < 4 else (1000 if index % 4 == 3 else rng.randint(1, 300))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 3)
        if mode == 0:
            D, r, T = 100, 1, 10**12
        elif mode == 1:
            D = rng.randint(100, 300)
            r = rng.randint(1, 5)
            T = rng.randint(1, 1000)
        elif mode == 2:
            D = rng.randint(100, 10**12)
            r = rng.randint(1, 100)
            T = rng.randint(1, 10**12)
        else:
            D = rng.randint(100, 199)
            r = 1
            T = D + rng.randint(0, 10)
        lines.append(f"{D} {r} {T}")
    return "\n".join(lines) + "\n"
