import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 8)
        m = rng.randint(1, 5)
    elif index % 4 == 3:
        n = 1000000
        m = 100000
    else:
        n = rng.randint(1, 5000)
        m = rng.randint(1, 3000)
    jobs = []
    for _ in range(m):
        l = rng.randint(1, n)
        r = rng.randint(l, n) if index % 2 == 0 else min(n, l + rng.randint(0, max(1, n // 50)))
        jobs.append((l, r))
    # choose k near the typical coverage so the answer is not trivial
    avg = sum(r - l + 1 for l, r in jobs) / n
    k = max(1, min(100000, int(avg * rng.choice([0.5, 0.9, 1.0, 1.2])) + rng.randint(0, 1)))
    if index == 5:
        k = m
    return f"{n} {m} {k}\n" + "".join(f"{l} {r}\n" for l, r in jobs)
