import random

VOW = "aeiou"
CON = "bcdfghjklmnpqrstvwxyz"


def word(rng: random.Random) -> str:
    k = rng.randint(1, 20) if rng.random() < 0.3 else rng.randint(1, 6)
    v = rng.randint(0, k)
    letters = [rng.choice(VOW) for _ in range(v)] + [rng.choice(CON) for _ in range(k - v)]
    rng.shuffle(letters)
    return "".join(letters)


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        words = ["y", "ay", "ya", "aay", "yyy", "eye", "queue", "aeiouaeiouaeiouaeiou"]
    else:
        n = 10000 if index % 4 == 3 else rng.randint(1, 30)
        words = [word(rng) for _ in range(n)]
    return f"{len(words)}\n" + " ".join(words) + "\n"
