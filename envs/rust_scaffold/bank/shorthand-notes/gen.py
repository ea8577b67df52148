import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "ab"
    elif index == 1:
        s = "z" * 100000
    elif index == 2:
        s = "a" * 9 + "b" * 10 + "c" * 99 + "d" * 100 + "e"
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 300)
        alpha = "abcdefghijklmnopqrstuvwxyz"[: rng.randint(2, 26)]
        parts = []
        total = 0
        while total < n:
            k = min(n - total, rng.randint(1, rng.choice([2, 5, 15, 120])))
            parts.append(rng.choice(alpha) * k)
            total += k
        s = "".join(parts)
    return s + "\n"
