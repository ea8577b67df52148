import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 7)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    kind = index % 5
    if kind == 0:
        h = [rng.randint(1, 10**9) for _ in range(n)]
    elif kind == 1:
        h = [rng.randint(1, 3) for _ in range(n)]
    elif kind == 2:
        # mostly decreasing, a tall one at the end: big distances
        h = sorted((rng.randint(1, 10**9 - 1) for _ in range(n)), reverse=True)
        h[-1] = 10**9
    elif kind == 3:
        h = [rng.randint(1, 10**9) for _ in range(n)]
        h.sort(reverse=rng.random() < 0.5)
    else:
        h = [10**9 - (i % 1000) for i in range(n)]
    return f"{n}\n{' '.join(map(str, h))}\n"
