import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "q"
    elif index == 1:
        s = "ab" * 50
    elif index == 2:
        s = "c" * 100000
    elif index == 3:
        # equal maxima: the first must win
        s = "ddd" + "x" + "aaa" + "y" + "bbb"
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 200)
        alpha = "abcdefghijklmnopqrstuvwxyz"[: rng.randint(1, 26)]
        parts = []
        total = 0
        while total < n:
            k = min(n - total, rng.randint(1, rng.choice([3, 10, 50])))
            parts.append(rng.choice(alpha) * k)
            total += k
        s = "".join(parts)
    return s + "\n"
