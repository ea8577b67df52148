import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = list(range(0, 70))
    elif index == 1:
        qs = [10**18, 2**59 - 1, 2**59, 2**60 - 1 - 2**59, 576460752303423487, 10**18 - 1]
    else:
        q = 3000 if index % 4 == 3 else rng.randint(1, 20)
        qs = [rng.randint(0, 10 ** rng.randint(1, 18)) for _ in range(q)]
    return f"{len(qs)}\n" + "".join(f"{x}\n" for x in qs)
