import random


def game(rng, style):
    rolls = []

    def first():
        if style == 0:
            return 10 if rng.random() < 0.8 else rng.randint(0, 10)
        if style == 1:
            return 0
        return rng.choice([10, 10, rng.randint(0, 10), rng.randint(0, 9)])

    def second(left):
        if style == 1:
            return rng.choice([0, left])
        if rng.random() < 0.4:
            return left
        return rng.randint(0, left)

    for _ in range(9):
        a = first()
        rolls.append(a)
        if a < 10:
            rolls.append(second(10 - a))
    a = first()
    rolls.append(a)
    if a == 10:
        b = first()
        rolls.append(b)
        if b == 10:
            rolls.append(first())
        else:
            rolls.append(second(10 - b))
    else:
        b = second(10 - a)
        rolls.append(b)
        if a + b == 10:
            rolls.append(first())
    return rolls


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 5) if index < 4 else (1000 if index % 4 == 3 else rng.randint(1, 300))
    lines = [str(t)]
    for _ in range(t):
        r = game(rng, rng.randint(0, 3))
        lines.append(f"{len(r)} " + " ".join(map(str, r)))
    return "\n".join(lines) + "\n"
