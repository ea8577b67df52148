import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = [1, 2, 3, 5][index]
    elif index % 4 == 3:
        n = 100000
    else:
        n = rng.randint(1, 2000)
    mode = index % 3
    b = []
    if mode == 0:
        k = rng.randint(0, min(n - 1, 3))
        b = rng.sample(range(1, n), k) if k else []
    elif mode == 1:
        # random broken steps, but never three in a row (the answer stays non-zero)
        run = 0
        for i in range(1, n):
            if run < 2 and rng.random() < 0.35:
                b.append(i)
                run += 1
            else:
                run = 0
        rng.shuffle(b)
    else:
        p = rng.choice([0.05, 0.5])
        b = [i for i in range(1, n) if rng.random() < p]
        rng.shuffle(b)
    return f"{n} {len(b)}\n{' '.join(map(str, b))}\n"
