import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (2000 if index % 4 == 3 else rng.randint(1, 500))
    lines = [str(t)]
    for _ in range(t):
        n = rng.choice([2, 3, 8, rng.randint(2, 12), rng.randint(2, 10**9), 10**9])
        r1, c1 = rng.randint(1, n), rng.randint(1, n)
        mode = rng.randint(0, 4)
        if mode == 0:
            r2, c2 = r1, c1
        elif mode == 1:
            d = rng.randint(-n, n)
            r2, c2 = r1 + d, c1 + rng.choice([d, -d])
            if not (1 <= r2 <= n and 1 <= c2 <= n):
                r2, c2 = r1, c1
        elif mode == 2:
            r2, c2 = r1, rng.randint(1, n)
        else:
            r2, c2 = rng.randint(1, n), rng.randint(1, n)
        lines.append(f"{n} {r1} {c1} {r2} {c2}")
    return "\n".join(lines) + "\n"
