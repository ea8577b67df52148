import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        grid, word = ["ab"], "ab"
    elif index == 1:
        grid, word = ["a" * 50] * 50, "aaaaaaaaaa"
    elif index == 2:
        grid, word = ["a"], "aa"
    else:
        n = 50 if index % 4 == 3 else rng.randint(1, 8)
        m = 50 if index % 4 == 3 else rng.randint(1, 8)
        alpha = "abcdefghijklmnopqrstuvwxyz"[: rng.choice([2, 3, 4])]
        grid = ["".join(rng.choice(alpha) for _ in range(m)) for _ in range(n)]
        k = rng.randint(2, 10 if rng.random() < 0.3 else 4)
        if rng.random() < 0.3:
            half = "".join(rng.choice(alpha) for _ in range((k + 1) // 2))
            word = (half + half[::-1][k % 2 :])[:k]
        else:
            word = "".join(rng.choice(alpha) for _ in range(k))
    return f"{len(grid)} {len(grid[0])}\n" + "".join(r + "\n" for r in grid) + word + "\n"
