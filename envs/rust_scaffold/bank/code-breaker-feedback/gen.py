import random


def generate(rng: random.Random, index: int) -> str:
    length = 1 if index == 0 else (10 if index % 4 == 3 else rng.randint(1, 10))
    span = rng.choice([2, 3, 10])
    digits = "0123456789"[:span]
    code = "".join(rng.choice(digits) for _ in range(length))
    q = 1000 if index % 4 == 3 else rng.randint(1, 20)
    guesses = []
    for _ in range(q):
        kind = rng.randint(0, 3)
        if kind == 0:
            g = code
        elif kind == 1:
            lst = list(code)
            rng.shuffle(lst)
            g = "".join(lst)
        else:
            g = "".join(rng.choice(digits) for _ in range(length))
        guesses.append(g)
    return f"{code}\n{q}\n" + "".join(g + "\n" for g in guesses)
