import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        ("A", "A"),
        ("A", "C"),
        ("AAAA", "AAAA"),
        ("ACAC", "CACA"),
        ("AAAAAAAAAC", "AAAAAAAAAA"),
    ]
    if index < len(fixed):
        u, v = fixed[index]
    else:
        big = index % 4 == 3
        lu = 20000 if big else rng.randint(1, 12)
        lv = 20000 if big else rng.randint(1, 12)
        alpha = rng.choice(["A", "AC", "ACGT"])
        u = "".join(rng.choice(alpha) for _ in range(lu))
        if rng.random() < 0.7:
            t = rng.randint(0, min(lu, lv))
            v = u[lu - t :] + "".join(rng.choice(alpha) for _ in range(lv - t))
        else:
            v = "".join(rng.choice(alpha) for _ in range(lv))
        if big and index % 8 == 7:
            u = "A" * 19999 + "C"
            v = "A" * 20000
    return f"{u}\n{v}\n"
