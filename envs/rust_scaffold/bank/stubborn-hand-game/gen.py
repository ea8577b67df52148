import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        p, q = rng.randint(1, 5), rng.randint(1, 5)
        N = rng.randint(1, 30)
    elif index % 4 == 3:
        p, q = rng.choice([(997, 991), (1000, 999), (1000, 1000), (983, 977)])
        N = rng.choice([10**18, 10**18 - rng.randint(0, 10**6), rng.randint(10**17, 10**18)])
    else:
        p, q = rng.randint(1, 1000), rng.randint(1, 1000)
        N = rng.choice([rng.randint(1, 10**6), rng.randint(1, 10**18), p * q, p * q - 1, p * q + 1])
    a = "".join(rng.choice("RPS") for _ in range(p))
    b = "".join(rng.choice("RPS") for _ in range(q))
    return f"{N}\n{a}\n{b}\n"
