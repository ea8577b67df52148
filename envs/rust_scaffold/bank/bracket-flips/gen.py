import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "("
    elif index == 1:
        s = ")" * 200000
    elif index == 2:
        s = ")" * 100000 + "(" * 100000
    elif index == 3:
        s = ")" * 99999 + "(" * 100001
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 30)
        if rng.random() < 0.8:
            n += n % 2
            n = min(n, 200000)
        p = rng.choice([0.3, 0.5, 0.7])
        s = "".join("(" if rng.random() < p else ")" for _ in range(n))
    return s + "\n"
