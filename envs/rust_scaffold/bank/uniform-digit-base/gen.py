import random


def generate(rng: random.Random, index: int) -> str:
    E = 10**12
    fixed = [
        3,
        4,
        5,
        6,
        7,
        10,
        11,
        E,
        E - 1,
        999999999989,
        999999000001,
        2 * 999983,
        999983 * 999979,
        999999999999,
    ]
    if index < len(fixed):
        n = fixed[index]
    elif index % 3 == 0:
        # a number of the form d * (b^k - 1) / (b - 1) with a large base
        b = rng.randint(2, 10**6)
        k = rng.randint(2, 4)
        rep = (b**k - 1) // (b - 1)
        while rep > E:
            k -= 1
            rep = (b**k - 1) // (b - 1)
        d = rng.randint(1, min(b - 1, E // rep))
        n = max(3, d * rep)
    elif index % 3 == 1:
        # a product of two primes near 10^6 (only very large bases work)
        ps = [999983, 999979, 999961, 999959, 999953, 999931, 1000003, 1000033]
        n = rng.choice(ps) * rng.choice(ps)
        n = min(n, E)
    else:
        n = rng.randint(3, 10 ** rng.randint(1, 12))
    return f"{n}\n"
