import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [[7], [3, 3], [1, 2, 3, 4], [4, 3, 2, 1, 0], [0, 0, 0]]
    if index < len(fixed):
        r = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 12)
        kind = index % 3
        if kind == 0:
            r = [rng.randint(0, 5) for _ in range(n)]
        elif kind == 1:
            r = sorted(rng.randint(0, 10**9) for _ in range(n))
            if rng.random() < 0.5:
                r.reverse()
        else:
            r = [rng.randint(0, 10**9) for _ in range(n)]
    return f"{len(r)}\n" + " ".join(map(str, r)) + "\n"
