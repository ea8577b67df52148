import random


def generate(rng: random.Random, index: int) -> str:
    squares = [c + r for c in "abcdefgh" for r in "12345678"]
    if index % 4 == 3 or index == 0:
        rng.shuffle(squares)
        chosen = squares
    else:
        chosen = [rng.choice(squares) for _ in range(rng.randint(1, 20))]
    return f"{len(chosen)}\n" + "".join(s + "\n" for s in chosen)
