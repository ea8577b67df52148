import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        blocks = rng.randint(1, 5)
        q = rng.randint(1, 6)
    elif index % 4 == 3:
        blocks = rng.choice([20000, 60000])
        q = 50000
    else:
        blocks = rng.randint(1, 2000)
        q = rng.randint(1, 3000)
    hi = rng.choice([1, 3, 1000, 10**9])
    parts = []
    total = 0
    length = 0
    ends = []
    for _ in range(blocks):
        c = rng.randint(1, hi)
        s = rng.choice("abcz") + str(c)
        if length + len(s) > 200000:
            break
        parts.append(s)
        length += len(s)
        total += c
        ends.append(total)
    qs = []
    for _ in range(q):
        r = rng.random()
        if r < 0.3:
            e = rng.choice(ends)
            p = min(total, max(1, e + rng.choice([-1, 0, 1])))
        else:
            p = rng.randint(1, total)
        qs.append(p)
    return "".join(parts) + f"\n{q}\n" + " ".join(map(str, qs)) + "\n"
