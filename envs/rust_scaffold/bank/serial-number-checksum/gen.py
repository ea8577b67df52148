import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 12) if index < 4 else (3000 if index % 4 == 3 else rng.randint(1, 2000))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 4)
        if mode == 0:
            l = rng.randint(0, 20)
            r = rng.randint(l, 40)
        elif mode == 1:
            l = rng.randint(0, 10**18)
            r = rng.randint(l, 10**18)
        elif mode == 2:
            l = rng.randint(0, 10**18 - 10)
            r = l + rng.randint(0, 9)
        elif mode == 3:
            l = rng.choice([0, 1, 2, 3])
            r = rng.choice([10**18, 10**18 - 1, 10**18 - 2, 10**18 - 3, 2**59 - 1, 2**59])
        else:
            l = rng.randint(0, 10**9)
            r = rng.randint(l, 10**12)
        lines.append(f"{l} {r}")
    return "\n".join(lines) + "\n"
