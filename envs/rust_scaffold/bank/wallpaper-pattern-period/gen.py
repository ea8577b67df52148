import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "z"
    elif index == 1:
        s = "a" * 199999 + "b"
    elif index == 2:
        s = "ab" * 100000
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 60)
        alpha = "abcdefghijklmnopqrstuvwxyz"[: rng.choice([1, 2, 3, 26])]
        k = rng.randint(1, max(1, n // rng.choice([1, 2, 3, 10, 100])))
        stamp = "".join(rng.choice(alpha) for _ in range(k))
        s = (stamp * (n // k + 1))[:n]
        if rng.random() < 0.3:
            # spoil one letter
            i = rng.randrange(n)
            s = s[:i] + rng.choice(alpha) + s[i + 1 :]
    return s + "\n"
