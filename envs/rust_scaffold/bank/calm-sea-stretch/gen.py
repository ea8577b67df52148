import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(0, [1]), (0, [1, 2]), (1, [1, 2]), (0, [5, 5, 1, 1, 1]), (3, [1, 4, 1, 4, 8, 5, 8])]
    if index < len(fixed):
        d, h = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 14)
        kind = index % 3
        if kind == 0:
            h = [rng.randint(0, 6) for _ in range(n)]
            d = rng.randint(0, 3)
        elif kind == 1:
            cur = 500000000
            h = []
            for _ in range(n):
                cur = max(0, min(10**9, cur + rng.randint(-3, 3)))
                h.append(cur)
            d = rng.randint(0, 20)
        else:
            h = [rng.randint(0, 10**9) for _ in range(n)]
            d = rng.choice([0, 10**9, rng.randint(0, 10**9)])
    return f"{len(h)} {d}\n" + " ".join(map(str, h)) + "\n"
