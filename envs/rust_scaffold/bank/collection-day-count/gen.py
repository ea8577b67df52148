import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 3)
        N = rng.randint(1, 100)
        p = [rng.randint(1, 12) for _ in range(n)]
    elif index % 4 == 3:
        n = 10
        N = rng.choice([10**18, 10**18 - 1, rng.randint(10**17, 10**18)])
        p = rng.choice(
            [
                [2, 3, 5, 7, 11, 13, 17, 19, 23, 29],
                [rng.randint(10**8, 10**9) for _ in range(10)],
                [rng.randint(2, 60) for _ in range(10)],
            ]
        )
    else:
        n = rng.randint(1, 10)
        N = rng.choice([rng.randint(1, 10**6), rng.randint(1, 10**18)])
        hi = rng.choice([10, 1000, 10**9])
        p = [rng.randint(1, hi) for _ in range(n)]
        if rng.random() < 0.3:
            p = [rng.choice([4, 6, 8, 12, 9]) for _ in range(n)]
    return f"{n} {N}\n" + " ".join(map(str, p)) + "\n"
