import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 10) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 2000))
    lines = [str(t)]
    for _ in range(t):
        n = rng.choice(
            [1, 2, rng.randint(1, 20), rng.randint(1, 1000), rng.randint(1, 10**9), 10**9]
        )
        a = rng.randint(1, n)
        mode = rng.randint(0, 3)
        if mode == 0:
            b = rng.randint(1, n)
        elif mode == 1:
            b = (a - 1 + rng.randint(-5, 5)) % n + 1
        elif mode == 2:
            b = a
        else:
            b = rng.choice([1, n, min(n, 9), min(n, 10), min(n, 99)])
        lines.append(f"{n} {a} {b}")
    return "\n".join(lines) + "\n"
