import random

LOW = "abcdefghijklmnopqrstuvwxyz"
UP = LOW.upper()
DIG = "0123456789"
SYM = "!@#$%&*"


def generate(rng: random.Random, index: int) -> str:
    pwds = []
    if index == 0:
        pwds = [
            "aA1!aA1!",
            "aA1!aA1",
            "aA1!" * 7 + "aA",
            "aA1!" * 7 + "aA1",
            "aaaA1!bb",
            "aaA1!bbb",
            "AAAAAAAA",
            "!!!!!!!!",
            "aA1!aA1!" * 6,
        ]
    n = 1000 if index % 4 == 3 else rng.randint(1, 30)
    while len(pwds) < n:
        pools = [p for p in (LOW, UP, DIG, SYM) if rng.random() < 0.85] or [LOW]
        length = rng.choice([rng.randint(1, 50), rng.randint(6, 32)])
        chars = [rng.choice(rng.choice(pools)) for _ in range(length)]
        if rng.random() < 0.3 and length >= 3:
            i = rng.randrange(length - 2)
            chars[i + 1] = chars[i + 2] = chars[i]
        pwds.append("".join(chars))
    return f"{len(pwds)}\n" + "".join(p + "\n" for p in pwds)
