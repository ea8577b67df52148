import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, q = rng.randint(1, 6), rng.randint(1, 6)
        hi = 5
    elif index % 4 == 3:
        n, q = 100000, 5000
        hi = 10**9
    else:
        n, q = rng.randint(1, 3000), rng.randint(1, 3000)
        hi = rng.choice([5, 10**9])
    r = [rng.randint(0, hi) if rng.random() < 0.7 else 0 for _ in range(n)]
    total = sum(r)
    pre = []
    s = 0
    for v in r:
        s += v
        pre.append(s)
    xs = []
    for _ in range(q):
        t = rng.random()
        if t < 0.4 and total > 0:
            xs.append(max(1, rng.choice(pre)))
        elif t < 0.5:
            xs.append(total + rng.randint(1, 10))
        else:
            xs.append(rng.randint(1, max(1, total)))
    return f"{n} {q}\n{' '.join(map(str, r))}\n{' '.join(map(str, xs))}\n"
