import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 12) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 3000))
    lines = [str(t)]
    for _ in range(t):
        k = rng.choice([1, 2, 3, rng.randint(1, 60), 60, 59])
        n = 2**k
        mode = rng.randint(0, 3)
        if mode == 0:
            a = rng.randint(1, n)
            b = rng.randint(1, n)
            while b == a:
                b = rng.randint(1, n)
        elif mode == 1:
            h = n // 2
            a = rng.choice([h, rng.randint(1, h)])
            b = rng.choice([h + 1, rng.randint(h + 1, n)])
        elif mode == 2:
            a = rng.randint(1, n // 2) * 2
            b = a - 1
        else:
            a = rng.choice([1, n])
            b = n + 1 - a if n > 1 else 2
            if rng.random() < 0.5:
                a, b = b, a
        lines.append(f"{k} {a} {b}")
    return "\n".join(lines) + "\n"
