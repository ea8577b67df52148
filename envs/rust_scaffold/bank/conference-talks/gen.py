import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        span = 10
    elif index % 4 == 3:
        n = 100000
        span = rng.choice([10**9, 300000])
    else:
        n = rng.randint(1, 3000)
        span = rng.choice([20, 1000, 10**9])
    talks = []
    kind = index % 3
    for _ in range(n):
        if kind == 0:
            s = rng.randint(0, span - 1)
            e = rng.randint(s + 1, min(span, s + max(1, span // 10)))
        elif kind == 1:
            s = rng.randint(0, span - 1)
            e = rng.randint(s + 1, span)
        else:
            # one long early-starting talk among short ones (defeats "earliest start")
            s = rng.randint(0, span - 1)
            e = min(span, s + rng.randint(1, 3))
        talks.append((s, e))
    if kind == 2:
        talks[0] = (0, span)
    return f"{n}\n" + "".join(f"{s} {e}\n" for s, e in talks)
