import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = list(range(1, 40))
    elif index == 1:
        qs = [
            10**18,
            10**18 - 1,
            2**59,
            2**59 + 1,
            2**60 - 1 if 2**60 - 1 <= 10**18 else 2**59 - 1,
            1,
        ]
    else:
        q = 20000 if index % 4 == 3 else rng.randint(1, 20)
        qs = [rng.randint(1, 10 ** rng.randint(1, 18)) for _ in range(q)]
    return f"{len(qs)}\n" + "".join(f"{x}\n" for x in qs)
