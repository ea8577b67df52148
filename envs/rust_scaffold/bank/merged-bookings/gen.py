import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        span = 12
    elif index % 4 == 3:
        n = 100000
        span = rng.choice([10**9, 400000])
    else:
        n = rng.randint(1, 3000)
        span = rng.choice([30, 10**5, 10**9])
    segs = []
    for _ in range(n):
        l = rng.randint(1, span)
        if index % 3 == 0:
            r = min(span, l + rng.randint(0, 3))
        else:
            r = min(span, l + rng.randint(0, max(1, span // max(1, n // 2))))
        segs.append((l, r))
    return f"{n}\n" + "".join(f"{l} {r}\n" for l, r in segs)
