import random

LOW = "abcdefghijklmnopqrstuvwxyz"


def generate(rng: random.Random, index: int) -> str:
    names = []
    if index == 0:
        names = ["a", "z9", "aAAAAAAAAA", "q1W2E3r4"]
    n = 1000 if index % 4 == 3 else rng.randint(1, 20)
    while len(names) < n:
        parts = [rng.choice(LOW)]
        length = 1
        target = rng.randint(1, 50)
        while length < target:
            x = rng.random()
            ch = (
                rng.choice(LOW.upper())
                if x < 0.2
                else rng.choice("0123456789")
                if x < 0.3
                else rng.choice(LOW)
            )
            parts.append(ch)
            length += 1
        names.append("".join(parts))
    return f"{len(names)}\n" + "".join(x + "\n" for x in names)
