import random


def checksum(digits: list[int]) -> int:
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10


def valid_number(rng: random.Random, length: int) -> list[int]:
    digits = [rng.randint(0, 9) for _ in range(length)]
    # fix the last digit (odd position 1, not doubled) to make it valid
    digits[-1] = 0
    digits[-1] = (10 - checksum(digits)) % 10
    return digits


def generate(rng: random.Random, index: int) -> str:
    cards = []
    if index == 0:
        for s in ["0?", "?0", "00", "18", "59"]:
            cards.append(s if "?" in s else "?" + s[1:])
    t = 1000 if index % 4 == 3 else rng.randint(1, 30)
    while len(cards) < t:
        length = rng.choice([2, 3, rng.randint(2, 30), 30])
        digits = valid_number(rng, length)
        pos = rng.randrange(length)
        s = "".join(map(str, digits))
        cards.append(s[:pos] + "?" + s[pos + 1 :])
    return f"{len(cards)}\n" + "".join(c + "\n" for c in cards)
