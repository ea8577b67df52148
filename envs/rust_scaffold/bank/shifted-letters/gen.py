import random

LET = "abcdefghijklmnopqrstuvwxyz"


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        k, note = 0, "the quick brown fox"
    elif index == 1:
        k, note = 25, "a"
    elif index == 2:
        k, note = 13, LET
    else:
        k = rng.randint(0, 25)
        n = 1000 if index % 4 == 3 else rng.randint(1, 60)
        words = []
        total = -1
        while True:
            w = "".join(rng.choice(LET) for _ in range(rng.randint(1, 9)))
            if total + 1 + len(w) > n:
                break
            words.append(w)
            total += 1 + len(w)
        if not words:
            words = [rng.choice(LET)]
        note = " ".join(words)
    return f"{k}\n{note}\n"
