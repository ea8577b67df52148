import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, [1], [1]), (2, [10**6], [10**6]), (10**12, [10**6], [10**6])]
    if index < len(fixed):
        L, o, e = fixed[index]
        R = 10**12
    else:
        big = index % 4 == 3
        n = 1000 if big else rng.randint(1, 6)
        m = 1000 if big else rng.randint(1, 6)
        hi = rng.choice([10, 1000, 10**6])
        o = [rng.randint(1, hi) for _ in range(n)]
        e = [rng.randint(1, hi) for _ in range(m)]
        prods = sorted(x * y for x in o[:20] for y in e[:20])
        L = rng.choice([*prods, 1])
        R = rng.choice([L, 10**12, max(L, rng.choice(prods))])
    return (
        f"{len(o)} {len(e)} {L} {R}\n" + " ".join(map(str, o)) + "\n" + " ".join(map(str, e)) + "\n"
    )
