import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 15
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([15, 10**5, 10**9])
    l = [rng.randint(1, hi) for _ in range(n)]
    d = rng.choice([0, 1, hi // max(1, n), hi // 10, hi])
    return f"{n} {d}\n{' '.join(map(str, l))}\n"
