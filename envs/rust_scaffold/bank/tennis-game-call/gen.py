import random


def game(rng, p):
    a = b = 0
    s = []
    while True:
        if rng.random() < p:
            a += 1
            s.append("A")
        else:
            b += 1
            s.append("B")
        if (a >= 4 or b >= 4) and abs(a - b) >= 2:
            break
        if len(s) == 200:
            break
    return "".join(s)


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 12) if index < 4 else (2000 if index % 4 == 3 else rng.randint(1, 500))
    lines = [str(t)]
    for _ in range(t):
        p = rng.choice([0.5, 0.5, 0.3, 0.7, 0.05, 0.95])
        g = game(rng, p)
        if rng.random() < 0.6:
            g = g[: rng.randint(1, len(g))]
        if rng.random() < 0.1:
            g = ("AB" * 100)[: rng.randint(180, 200)]
        lines.append(g)
    return "\n".join(lines) + "\n"
