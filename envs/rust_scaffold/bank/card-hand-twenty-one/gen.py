import random

CARDS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 12) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 3000))
    lines = [str(t)]
    for _ in range(t):
        mode = rng.randint(0, 5)
        if mode == 0:
            k = 2
            hand = [rng.choice(CARDS[:1] + CARDS[9:]) for _ in range(2)]
        elif mode == 1:
            k = rng.randint(1, 20)
            hand = [rng.choice(["A", "A", "2", "3"]) for _ in range(k)]
        elif mode == 2:
            k = rng.randint(2, 4)
            hand = [rng.choice(CARDS) for _ in range(k)]
        else:
            k = rng.randint(1, 6)
            hand = [rng.choice(CARDS) for _ in range(k)]
        lines.append(f"{k} " + " ".join(hand))
    return "\n".join(lines) + "\n"
