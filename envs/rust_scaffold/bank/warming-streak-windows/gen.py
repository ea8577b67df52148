import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, [7]), (2, [1, 2]), (2, [2, 2]), (1, [3, 3, 3]), (4, [1, 2, 3, 4])]
    if index < len(fixed):
        k, t = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 15)
        t = []
        cur = rng.randint(-1000, 1000)
        for _ in range(n):
            r = rng.random()
            if r < 0.7:
                cur += rng.randint(1, 3)
            elif r < 0.85:
                pass
            else:
                cur -= rng.randint(1, 5)
            cur = max(-(10**6), min(10**6, cur))
            t.append(cur)
        k = min(n, rng.choice([1, 2, 3, rng.randint(1, n), n]))
    return f"{len(t)} {k}\n" + " ".join(map(str, t)) + "\n"
