import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (2000 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 3)
        if mode == 0:
            n = rng.randint(1, 40)
        elif mode == 1:
            k = rng.randint(0, 59)
            n = max(1, 2**k + rng.choice([-1, 0, 1]))
        elif mode == 2:
            n = rng.choice([10**18, 10**18 - 1, 2**59 + 1])
        else:
            n = rng.randint(1, 10**18)
        lines.append(str(n))
    return "\n".join(lines) + "\n"
