import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        lim = 10
    elif index % 4 == 3:
        n = 100000
        lim = 10**9
    else:
        n = rng.randint(1, 3000)
        lim = rng.choice([10, 1000, 10**9])
    b = rng.randint(0, lim)
    if index == 5:
        b = 10**9
    mode = index % 3
    a = []
    for _ in range(n):
        if mode == 0:
            a.append(rng.randint(-lim, lim))
        elif mode == 1:
            a.append(rng.randint(-lim, lim // 3))
        else:
            a.append(rng.randint(-(lim // 3), lim))
    if index == 7:
        a = [-(10**9)] * n
    return f"{n} {b}\n{' '.join(map(str, a))}\n"
