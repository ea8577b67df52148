import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 10)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 5000)
    hi = rng.choice([5, 10**9])
    p_add = rng.choice([0.35, 0.5, 0.7])
    p_q = min(0.3, 4500 / n)
    ops = []
    q = 0
    increasing = index % 5 == 4
    cur = 0
    for _ in range(n):
        r = rng.random()
        if r < p_q and q < 5000:
            ops.append("HEAVIEST")
            q += 1
        elif r < p_q + p_add * (1 - p_q):
            if increasing:
                cur = min(10**9, cur + rng.randint(0, 3))
                ops.append(f"ADD {max(1, cur)}")
            else:
                ops.append(f"ADD {rng.randint(1, hi)}")
        else:
            ops.append("TAKE")
    return f"{n}\n" + "\n".join(ops) + "\n"
