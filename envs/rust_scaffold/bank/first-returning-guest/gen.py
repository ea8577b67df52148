import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    p = rng.sample(range(1, 10**9 + 1), n)
    kind = index % 4
    if kind == 1 and n >= 2:
        # one repeat placed late
        j = rng.randint(max(1, n - 5), n - 1)
        p[j] = p[rng.randrange(j)]
    elif kind == 2 and n >= 2:
        for _ in range(rng.randint(1, 5)):
            j = rng.randrange(1, n)
            p[j] = p[rng.randrange(j)]
    elif kind == 3 and n >= 2:
        p = [rng.randint(1, max(2, n // 2)) for _ in range(n)]
    return f"{n}\n{' '.join(map(str, p))}\n"
