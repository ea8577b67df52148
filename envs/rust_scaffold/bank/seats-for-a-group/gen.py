import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        row, ks = "0", [1]
    elif index == 1:
        row = "0" * 200000
        ks = [rng.randint(1, 200000) for _ in range(5000)]
        ks[0], ks[1] = 1, 200000
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 40)
        p = rng.choice([0.05, 0.3, 0.6, 0.9])
        row = "".join("1" if rng.random() < p else "0" for _ in range(n))
        q = 5000 if index % 4 == 3 else rng.randint(1, 20)
        ks = [rng.randint(1, min(n, rng.choice([5, 50, n]))) for _ in range(q)]
    return f"{len(row)} {len(ks)}\n{row}\n" + " ".join(map(str, ks)) + "\n"
