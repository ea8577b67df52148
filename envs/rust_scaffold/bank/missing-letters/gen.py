import random

LOW = "abcdefghijklmnopqrstuvwxyz"


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        text = "a"
    elif index == 1:
        text = "!"
    elif index == 2:
        text = LOW.upper()
    else:
        n = 1000 if index % 4 == 3 else rng.randint(1, 80)
        pool = rng.sample(LOW, rng.randint(1, 26))
        pool += [c.upper() for c in pool]
        chars = []
        for i in range(n):
            if 0 < i < n - 1 and chars[-1] != " " and rng.random() < 0.15:
                chars.append(" ")
            elif rng.random() < 0.05:
                chars.append(rng.choice(".,!?'-"))
            else:
                chars.append(rng.choice(pool))
        text = "".join(chars).strip() or "x"
    return text + "\n"
