import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 3000)
    k = rng.choice([1, 2, 5, 100, n])
    pool = [rng.randint(1, 10**9) for _ in range(k)]
    x = [rng.choice(pool) for _ in range(n)]
    if index % 5 == 4:
        # every badge exactly once: the answer is the smallest number
        x = rng.sample(range(1, 10**9 + 1), n)
    return f"{n}\n{' '.join(map(str, x))}\n"
