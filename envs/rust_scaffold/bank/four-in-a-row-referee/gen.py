import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        R, C = rng.randint(4, 6), rng.randint(4, 7)
    elif index % 4 == 3:
        R, C = rng.choice([(50, 50), (4, 50), (50, 4)])
    else:
        R, C = rng.randint(4, 12), rng.randint(4, 12)
    height = [0] * C
    moves = []
    total = R * C
    n = rng.choice([total, rng.randint(1, total), min(total, 12)])
    narrow = rng.random() < 0.5
    focus = rng.sample(range(C), min(C, rng.choice([2, 3, 4, 5])))
    while len(moves) < n:
        choices = [c for c in range(C) if height[c] < R]
        pref = [c for c in focus if height[c] < R]
        c = rng.choice(pref if narrow and pref and rng.random() < 0.85 else choices)
        height[c] += 1
        moves.append(c + 1)
    return f"{R} {C} {n}\n" + " ".join(map(str, moves)) + "\n"
