import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (2, [(1, "L")]),
        (2, [(1, "R")]),
        (5, [(1, "R"), (4, "L")]),
        (10**9, [(1, "R"), (10**9 - 1, "L")]),
    ]
    if index < len(fixed):
        L, ants = fixed[index]
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 8)
        L = rng.choice(
            [n + 1, rng.randint(n + 1, 3 * n + 2), rng.randint(n + 1, max(n + 1, 2000)), 10**9]
        )
        pos = rng.sample(range(1, L), n)
        kind = index % 3
        if kind == 0:
            ants = [(p, "R") for p in pos]
        elif kind == 1:
            ants = [(p, rng.choice("LR")) for p in pos]
        else:
            ants = [(p, "R" if p < L // 2 else "L") for p in pos]
    return f"{len(ants)} {L}\n" + "".join(f"{p} {d}\n" for p, d in ants)
