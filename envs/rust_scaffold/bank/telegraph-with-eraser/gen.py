import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 8)
    elif index % 4 == 3:
        n = 50000
    else:
        n = rng.randint(1, 3000)
    p_del = rng.choice([0.0, 0.2, 0.45, 0.6])
    p_clear = rng.choice([0.0, 0.0, 0.001, 0.05])
    letters = "abcdefghijklmnopqrstuvwxyz"[: rng.choice([2, 26])]
    out = []
    for _ in range(n):
        r = rng.random()
        if r < p_clear:
            out.append("*")
        elif r < p_clear + p_del:
            out.append("<")
        else:
            out.append(rng.choice(letters))
    return "".join(out) + "\n"
