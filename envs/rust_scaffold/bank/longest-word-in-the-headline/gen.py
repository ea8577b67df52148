import random

CH = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        words = ["x"]
    elif index == 1:
        words = ["same"] * 5 + ["Same", "four"]
    else:
        n = 10000 if index % 4 == 3 else rng.randint(1, 20)
        top = rng.randint(1, 30)
        words = ["".join(rng.choice(CH) for _ in range(rng.randint(1, top))) for _ in range(n)]
    return f"{len(words)}\n" + " ".join(words) + "\n"
