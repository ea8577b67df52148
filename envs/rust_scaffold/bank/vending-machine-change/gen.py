import random


def generate(rng: random.Random, index: int) -> str:
    q = rng.randint(1, 8) if index < 4 else (5000 if index % 4 == 3 else rng.randint(1, 800))
    hi = rng.choice([2, 5, 30, 1000, 10**6])
    c = [rng.randint(0, hi) for _ in range(8)]
    if index % 5 == 2:
        c[0] = 0
        c[2] = 0
    lines = [" ".join(map(str, c)), str(q)]
    for _ in range(q):
        p = rng.randint(1, rng.choice([100, 1000, 10**6]))
        mode = rng.randint(0, 3)
        if mode == 0:
            a = p
        elif mode == 1:
            a = p + rng.randint(0, 20)
        elif mode == 2:
            a = min(10**6, p + rng.randint(0, 1000))
        else:
            a = rng.randint(p, 10**6)
        lines.append(f"{p} {a}")
    return "\n".join(lines) + "\n"
