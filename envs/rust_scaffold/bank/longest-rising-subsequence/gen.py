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
        a = [rng.randint(1, 5) for _ in range(n)]
    elif kind == 1:
        a = sorted(rng.randint(1, 10**9) for _ in range(n))
    elif kind == 2:
        a = sorted((rng.randint(1, 10**9) for _ in range(n)), reverse=True)
    elif kind == 3:
        a = [rng.randint(1, 10**9) for _ in range(n)]
    else:
        a = [i + rng.randint(0, 50) for i in range(1, n + 1)]
    return f"{n}\n{' '.join(map(str, a))}\n"
