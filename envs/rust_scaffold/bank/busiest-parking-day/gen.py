import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        span = 12
    elif index % 4 == 3:
        n = 100000
        span = 1000000
    else:
        n = rng.randint(1, 3000)
        span = rng.choice([50, 5000, 1000000])
    segs = []
    for _ in range(n):
        l = rng.randint(1, span)
        if index % 3 == 0:
            r = rng.randint(l, span)
        else:
            r = min(span, l + rng.randint(0, max(1, span // 20)))
        segs.append((l, r))
    if index == 9:
        segs = [(1000000, 1000000)] * n
    return f"{n}\n" + "".join(f"{l} {r}\n" for l, r in segs)
