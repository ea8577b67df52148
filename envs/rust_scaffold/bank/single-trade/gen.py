import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    kind = index % 4
    if kind == 0:
        p = [rng.randint(1, 10) for _ in range(n)]
    elif kind == 1:
        p = sorted((rng.randint(1, 10**9) for _ in range(n)), reverse=True)
    elif kind == 2:
        # the global minimum comes after the global maximum
        p = [rng.randint(2, 10**9 - 1) for _ in range(n)]
        if n >= 4:
            p[n // 4] = 10**9
            p[3 * n // 4] = 1
    else:
        p = [rng.randint(1, 10**9) for _ in range(n)]
    return f"{n}\n{' '.join(map(str, p))}\n"
