import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(2, 6)
        hi = 10
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(2, 3000)
        hi = rng.choice([10, 10**5, 10**9])
    m = [rng.randint(1, hi) for _ in range(n)]
    kind = index % 3
    if kind == 0:
        t = rng.randint(2, 2 * hi)
    elif kind == 1:
        i, j = sorted(rng.sample(range(n), 2))
        t = m[i] + m[j]
    else:
        # odd masses with an odd target: no pair can ever work
        m = [x | 1 for x in m]
        m = [min(x, hi if hi % 2 else hi - 1) for x in m]
        t = 2 * rng.randint(1, hi) - 1 + (1 if hi < 3 else 0)
        t = max(2, t)
        if t % 2 == 0:
            t += 1
    return f"{n} {t}\n{' '.join(map(str, m))}\n"
