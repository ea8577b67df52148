import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 12
    elif index % 4 == 3:
        n = 100000
        hi = 10**9
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([5, 10**9])
    x = [rng.randint(0, hi) for _ in range(n)]
    if index % 5 == 2:
        # skewed: many far away, tempting the mean
        x = [0] * (n // 2 + 1) + [10**9] * (n - n // 2 - 1)
        rng.shuffle(x)
    return f"{n}\n{' '.join(map(str, x))}\n"
