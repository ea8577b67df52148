import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "a"
    elif index == 1:
        s = "zzzzzzzy"
    elif index == 2:
        s = "z" * 49999
    else:
        n = 50000 if index % 4 == 3 else rng.randint(1, 40)
        alpha = "abcdefghijklmnopqrstuvwxyz"[: rng.randint(2, 26)]
        half = [rng.choice(alpha) for _ in range(n // 2)]
        mid = [rng.choice(alpha)] if n % 2 else []
        other = list(reversed(half))
        # break a random share of the mirrored pairs
        share = rng.random()
        for i in range(len(other)):
            if rng.random() < share:
                other[i] = rng.choice(alpha)
        s = "".join(half + mid + other)
    return s + "\n"
