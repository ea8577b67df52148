import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n, S = rng.randint(1, 3), rng.randint(1, 30)
        coins = [(rng.randint(1, 10), rng.randint(1, 3)) for _ in range(n)]
    else:
        n = 100 if index % 4 == 3 else rng.randint(1, 30)
        S = 100000 if index % 4 == 3 else rng.randint(1, 100000)
        vh = rng.choice([10, 100, 1000, 100000])
        coins = [(rng.randint(1, vh), rng.randint(1, rng.choice([1, 10, 1000]))) for _ in range(n)]
        if index % 5 == 2:
            coins = [(rng.choice([97, 101, 1000, 5003]), rng.randint(1, 1000)) for _ in range(n)]
    return f"{n} {S}\n" + "".join(f"{v} {c}\n" for v, c in coins)
