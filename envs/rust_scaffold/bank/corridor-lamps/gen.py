import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        n, ops = 1, [(1, 1)]
    elif index == 1:
        n, ops = 7, [(1, 7)] * 3
    else:
        n = 2000 if index % 4 == 3 else rng.randint(1, 60)
        m = 2000 if index % 4 == 3 else rng.randint(1, 30)
        ops = []
        for _ in range(m):
            if rng.random() < 0.2:
                ops.append((1, n))
            else:
                a, b = rng.randint(1, n), rng.randint(1, n)
                ops.append((min(a, b), max(a, b)))
    return f"{n} {len(ops)}\n" + "".join(f"{a} {b}\n" for a, b in ops)
