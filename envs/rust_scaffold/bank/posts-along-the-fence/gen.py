import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 10) if index < 4 else (3000 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    L = 10**9
    for _ in range(t):
        mode = rng.randint(0, 4)
        x1, y1 = rng.randint(-L, L), rng.randint(-L, L)
        if mode == 0:
            x2, y2 = rng.randint(-L, L), rng.randint(-L, L)
        elif mode == 1:
            g = rng.randint(1, 10**6)
            dx, dy = rng.randint(-1000, 1000) * g, rng.randint(-1000, 1000) * g
            x2, y2 = x1 + dx, y1 + dy
            if not (-L <= x2 <= L and -L <= y2 <= L):
                x2, y2 = x1, y1
        elif mode == 2:
            x1, y1, x2, y2 = -L, -L, L, L
            if rng.random() < 0.5:
                y2 = -L
        elif mode == 3:
            x2, y2 = x1, rng.randint(-L, L)
        else:
            x1, y1 = rng.randint(-10, 10), rng.randint(-10, 10)
            x2, y2 = rng.randint(-10, 10), rng.randint(-10, 10)
        lines.append(f"{x1} {y1} {x2} {y2}")
    return "\n".join(lines) + "\n"
