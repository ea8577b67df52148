import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        iv, xs = [(0, 0)], [0, 1]
    elif index == 1:
        iv, xs = [(5, 5), (5, 9), (0, 5)], [4, 5, 6, 9, 10]
    else:
        big = index % 4 == 3
        n = rng.choice([70000, rng.randint(60000, 70000)]) if big else rng.randint(1, 8)
        q = 10000 if big else rng.randint(1, 8)
        hi = rng.choice([20, 10**9])
        iv = []
        for _ in range(n):
            a = rng.randint(0, hi)
            b = rng.randint(a, min(hi, a + rng.choice([0, 3, hi])))
            iv.append((a, b))
        xs = []
        for _ in range(q):
            if rng.random() < 0.5:
                a, b = rng.choice(iv)
                xs.append(rng.choice([a, b, max(0, a - 1), min(10**9, b + 1)]))
            else:
                xs.append(rng.randint(0, hi))
    return (
        f"{len(iv)} {len(xs)}\n"
        + "".join(f"{a} {b}\n" for a, b in iv)
        + " ".join(map(str, xs))
        + "\n"
    )
