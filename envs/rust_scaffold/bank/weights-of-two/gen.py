import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 2000))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 4)
        if mode == 0:
            n = rng.randint(1, 20)
            k = rng.randint(1, 25)
        else:
            n = rng.choice([rng.randint(1, 10**18), 10**18, 2**59 - 1, 2 ** rng.randint(0, 59)])
            pc = bin(n).count("1")
            k = rng.choice(
                [pc, pc - 1, pc + 1, n, n + 1, n - 1, rng.randint(1, 10**18), rng.randint(1, 70)]
            )
            k = max(1, min(10**18, k))
        lines.append(f"{n} {k}")
    return "\n".join(lines) + "\n"
