import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "b"
    elif index == 1:
        s = "a" * 1999 + "b"
    elif index == 2:
        s = ("ab" * 1000)[1:] + "a"
    else:
        n = 2000 if index % 4 == 3 else rng.randint(1, 30)
        alpha = "abcdefghijklmnopqrstuvwxyz"[: rng.choice([1, 2, 3, 26])]
        if rng.random() < 0.4:
            unit = "".join(rng.choice(alpha) for _ in range(rng.randint(1, 5)))
            s = (unit * n)[:n]
            k = rng.randrange(n)
            s = s[k:] + s[:k]
        else:
            s = "".join(rng.choice(alpha) for _ in range(n))
    return s + "\n"
