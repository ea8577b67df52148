import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (1200 if index % 4 == 3 else rng.randint(1, 800))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 3)
        if mode == 0:
            n = rng.randint(1, 70)
        elif mode == 1:
            n = max(1, 2 ** rng.randint(0, 59) + rng.choice([-1, 0, 1]))
        elif mode == 2:
            n = rng.choice([10**18, 2**59, 2**59 + 1, 2**59 - 1])
        else:
            n = rng.randint(1, 10**18)
        lines.append(str(n))
    return "\n".join(lines) + "\n"
