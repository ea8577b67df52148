import random

LOW = "abcdefghijklmnopqrstuvwxyz"
CHARS = LOW + LOW.upper() + "0123456789" + ".,!?-"


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        text = "a"
    elif index == 1:
        text = "7"
    elif index == 2:
        text = "ABC abc 123 ?!"
    else:
        n = 10000 if index % 4 == 3 else rng.randint(1, 80)
        words = []
        length = -1
        while True:
            w = "".join(
                rng.choice(CHARS if rng.random() < 0.3 else LOW + LOW.upper())
                for _ in range(rng.randint(1, 8))
            )
            if length + 1 + len(w) > n:
                break
            words.append(w)
            length += 1 + len(w)
        text = " ".join(words) or "x"
    return text + "\n"
