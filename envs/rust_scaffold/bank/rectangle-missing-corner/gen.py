import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 10) if index < 4 else (2000 if index % 4 == 3 else rng.randint(1, 1000))
    lim = rng.choice([5, 10**9])
    lines = [str(t)]
    for _ in range(t):
        x1, x2 = (
            rng.sample(range(-lim, lim + 1), 2)
            if lim < 100
            else (rng.randint(-lim, lim), rng.randint(-lim, lim))
        )
        while x2 == x1:
            x2 = rng.randint(-lim, lim)
        y1, y2 = rng.randint(-lim, lim), rng.randint(-lim, lim)
        while y2 == y1:
            y2 = rng.randint(-lim, lim)
        if rng.random() < 0.2:
            x1, x2 = -lim, lim
        pts = [(x1, y1), (x1, y2), (x2, y1), (x2, y2)]
        rng.shuffle(pts)
        lines.append(" ".join(f"{a} {b}" for a, b in pts[:3]))
    return "\n".join(lines) + "\n"
