import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (3000 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 3)
        if mode == 0:
            x = rng.randint(0, 200)
        elif mode == 1:
            x = rng.randint(0, 10**18)
        elif mode == 2:
            x = rng.choice([10**18, 999999999999999999, 0, 5, 3, 9, 10, 39, 50])
        else:
            x = int("".join(rng.choice("0123456789") for _ in range(rng.randint(1, 18))))
        x = int(str(x).replace("4", rng.choice("35")))
        lines.append(str(x))
    return "\n".join(lines) + "\n"
