import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        t = rng.randint(1, 6)
        sizes = [rng.randint(1, 4) for _ in range(t)]
    elif index % 4 == 3:
        t = rng.choice([1, 2, 3000])
        sizes = [150000 // t] * t
    else:
        t = rng.randint(1, 500)
        sizes = [rng.randint(1, 100) for _ in range(t)]
    lines = [str(t)]
    for n in sizes:
        hi = rng.choice([10, 1000, 10**9])
        s = rng.randint(0, hi)
        floors = [rng.randint(0, hi) for _ in range(n)]
        mode = rng.randint(0, 3)
        if mode == 0:
            floors = [rng.randint(s, hi) for _ in range(n)]
        elif mode == 1:
            floors = [rng.randint(0, s) for _ in range(n)]
        lines.append(f"{s} {rng.choice('UD')} {n}")
        lines.append(" ".join(map(str, floors)))
    return "\n".join(lines) + "\n"
