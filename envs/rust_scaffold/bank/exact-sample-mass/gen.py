import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 5, [5]),
        (1, 5, [4]),
        (20, 10, [1] * 20),
        (20, 10**9, [10**8] * 20),
        (20, 2 * 10**9 // 2, [10**8] * 10 + [1] * 10),
    ]
    if index < len(fixed):
        n, W, m = fixed[index]
    else:
        n = 20 if index % 4 == 3 else rng.randint(1, 10)
        kind = index % 3
        if kind == 0:
            m = [rng.randint(1, 5) for _ in range(n)]
        elif kind == 1:
            m = [rng.randint(1, 100) for _ in range(n)]
        else:
            m = [rng.randint(1, 10**8) for _ in range(n)]
        sub = [x for x in m if rng.random() < 0.5]
        W = max(1, sum(sub)) if rng.random() < 0.8 else rng.randint(1, 10**9)
    return f"{n} {W}\n" + " ".join(map(str, m)) + "\n"
