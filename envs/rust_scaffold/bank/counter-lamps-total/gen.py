import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 10) if index < 4 else (1000 if index % 4 == 3 else rng.randint(1, 300))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 4)
        if mode == 0:
            n = rng.randint(1, 100)
        elif mode == 1:
            k = rng.randint(1, 59)
            n = 2**k + rng.choice([-1, 0, 1])
        elif mode == 2:
            n = rng.choice([10**18, 10**18 - 1, 2**59 - 1])
        else:
            n = rng.randint(1, 10**18)
        lines.append(str(max(1, n)))
    return "\n".join(lines) + "\n"
