import random


def f(x):
    return "%02d:%02d" % (x // 60, x % 60)


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 2000))
    lines = [str(t)]
    for _ in range(t):
        a = rng.randint(0, 1439)
        b = rng.choice([a, rng.randint(a, 1439), 1439, min(1439, a + rng.randint(0, 30))])
        if rng.random() < 0.05:
            a, b = 0, 1439
        lines.append(f"{f(a)} {f(b)}")
    return "\n".join(lines) + "\n"
