import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        gap = 5
    elif index % 4 == 3:
        n = 100000
        gap = rng.choice([0, 3, 10000])
    else:
        n = rng.randint(1, 3000)
        gap = rng.choice([0, 5, 1000, 100000])
    t = []
    cur = rng.randint(0, 100)
    for _ in range(n):
        cur = min(10**9, cur + rng.randint(0, gap))
        t.append(cur)
    s_hi = rng.choice([3, 10**4])
    rows = [(x, rng.randint(1, s_hi)) for x in t]
    return f"{n}\n" + "".join(f"{a} {b}\n" for a, b in rows)
