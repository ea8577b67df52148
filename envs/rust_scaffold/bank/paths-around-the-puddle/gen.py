import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (1000 if index % 4 == 3 else rng.randint(1, 300))
    lines = [str(t)]
    for _ in range(t):
        small = index < 4 or rng.random() < 0.4
        hi = 8 if small else 10**6
        while True:
            a = rng.randint(0, hi)
            b = rng.randint(0, hi)
            if rng.random() < 0.2 and not small:
                a = b = 10**6
            x = rng.randint(0, a)
            y = rng.randint(0, b)
            if (x, y) != (0, 0) and (x, y) != (a, b):
                break
            if a + b <= 1:
                a, b = 2, 1
        lines.append(f"{a} {b} {x} {y}")
    return "\n".join(lines) + "\n"
