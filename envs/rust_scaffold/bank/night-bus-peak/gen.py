import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        hi = 5
    elif index % 4 == 3:
        n = 100000
        hi = 1000
    else:
        n = rng.randint(1, 3000)
        hi = rng.choice([0, 5, 1000])
    on_board = 0
    rows = []
    for _ in range(n):
        b = rng.randint(0, min(on_board, 1000))
        if rng.random() < 0.3:
            b = min(on_board, 1000)
        on_board -= b
        c = rng.randint(0, hi)
        on_board += c
        rows.append((b, c))
    return f"{n}\n" + "".join(f"{b} {c}\n" for b, c in rows)
