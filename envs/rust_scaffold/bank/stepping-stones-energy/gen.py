import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 7)
        k = rng.randint(1, 3)
    elif index % 4 == 3:
        n = 20000
        k = rng.choice([50, 2, 7])
    else:
        n = rng.randint(1, 3000)
        k = rng.randint(1, 50)
    kind = index % 3
    if kind == 0:
        h = [rng.randint(1, 10**9) for _ in range(n)]
    elif kind == 1:
        h = [rng.randint(1, 20) for _ in range(n)]
    else:
        # zigzag: big values on every other stone, small jumps forced to be expensive
        h = [10**9 if i % 2 else rng.randint(1, 10) for i in range(n)]
    return f"{n} {k}\n{' '.join(map(str, h))}\n"
