import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        (1, 1),
        (10, 2),
        (10, 3),
        (10**18, 10),
        (999999999999999999, 999999999),
        (142857, 7),
        (1001, 11),
        (100000000000000000, 1),
    ]
    if index < len(fixed):
        x, k = fixed[index]
    else:
        x = rng.randint(1, 10 ** rng.randint(1, 18))
        if index % 3 == 0:
            x = int(
                "".join(rng.choice("0369") for _ in range(rng.randint(1, 18))).lstrip("0") or "3"
            )
        k = rng.choice([2, 3, 4, 5, 7, 9, 11, 13, rng.randint(1, 10**9), rng.randint(1, 100)])
    return f"{x} {k}\n"
