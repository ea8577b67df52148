import random

LOW = "abcdefghijklmnopqrstuvwxyz"


def rand_word(rng: random.Random) -> str:
    return "".join(rng.choice(LOW) for _ in range(rng.randint(1, 10)))


def generate(rng: random.Random, index: int) -> str:
    big = index % 4 == 3
    d = 1000 if big else rng.randint(1, 15)
    dictionary = [rand_word(rng) for _ in range(d)]
    w = 1000 if big else rng.randint(1, 15)
    k = rng.randint(0, 25)
    share = rng.choice([0.0, 0.3, 0.7, 1.0])
    plain = [rng.choice(dictionary) if rng.random() < share else rand_word(rng) for _ in range(w)]
    if index == 1:
        # short words with plenty of ties between shifts
        dictionary = ["a", "b", "c", "d"]
        plain = [rng.choice("abcdefgh") for _ in range(w)]
    enc = ["".join(LOW[(LOW.index(c) + k) % 26] for c in word) for word in plain]
    return f"{len(dictionary)}\n" + " ".join(dictionary) + f"\n{w}\n" + " ".join(enc) + "\n"
