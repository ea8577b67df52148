import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 12) if index < 4 else (3000 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 3)
        if mode == 0:
            d = [rng.randint(1, 6) for _ in range(5)]
        elif mode == 1:
            pool = rng.sample(range(1, 7), rng.randint(1, 3))
            d = [rng.choice(pool) for _ in range(5)]
        elif mode == 2:
            d = rng.choice([[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [1, 2, 3, 4, 6], [1, 3, 4, 5, 6]])[:]
        else:
            x, y = rng.sample(range(1, 7), 2)
            d = rng.choice(
                [[x] * 4 + [y], [x] * 3 + [y] * 2, [x] * 5, [x] * 3 + [y, rng.randint(1, 6)]]
            )
        rng.shuffle(d)
        lines.append(" ".join(map(str, d)))
    return "\n".join(lines) + "\n"
