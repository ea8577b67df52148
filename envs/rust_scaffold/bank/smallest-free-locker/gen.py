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
        l = [rng.randint(1, n + 2) for _ in range(n)]
    elif kind == 1:
        l = list(range(1, n + 1))
        rng.shuffle(l)
    elif kind == 2:
        l = list(range(1, n + 1))
        l[rng.randrange(n)] = rng.randint(1, 10**9)
        rng.shuffle(l)
    else:
        l = [rng.randint(1, 10**9) for _ in range(n)]
        for i in range(rng.randint(0, n)):
            l[i] = i + 1
        rng.shuffle(l)
    return f"{n}\n{' '.join(map(str, l))}\n"
