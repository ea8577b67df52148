import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (0, 1, [-1]),
        (0, 1, [2]),
        (0, 1, [0, 1, 0, 1]),
        (-1000, 1000, [-1000, 1000]),
        (-5, 5, [-6, 5, 5, 6, -5, -6]),
    ]
    if index < len(fixed):
        lo, hi, t = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 12)
        lo = rng.randint(-1000, 999)
        hi = rng.randint(lo + 1, min(1000, lo + rng.choice([1, 5, 50, 2000])))
        t = []
        cur = rng.randint(lo - 3, hi + 3)
        for _ in range(n):
            cur += rng.randint(-3, 3)
            cur = max(-1000, min(1000, cur))
            if rng.random() < 0.02:
                cur = rng.randint(-1000, 1000)
            t.append(cur)
    return f"{len(t)} {lo} {hi}\n" + " ".join(map(str, t)) + "\n"
