import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 10) if index < 4 else (2000 if index % 4 == 3 else rng.randint(1, 500))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 4)
        if mode == 0:
            n = rng.randint(1, 200)
        elif mode == 1:
            a = rng.randint(1, 58)
            b = rng.randint(0, a)
            n = ((1 << a) - 1) ^ ((1 << b) - 1)  # a block of ones
        elif mode == 2:
            n = rng.choice([10**18, 2**59, 2**59 - 1, 2**58 + 2**57])
        else:
            n = rng.randint(1, 10**18)
        lines.append(str(max(1, n)))
    return "\n".join(lines) + "\n"
