import random

SYMS = [
    "H",
    "He",
    "C",
    "N",
    "O",
    "Na",
    "Cl",
    "Ca",
    "Fe",
    "S",
    "P",
    "K",
    "Co",
    "Cu",
    "B",
    "Br",
    "I",
    "In",
    "U",
]


def generate(rng: random.Random, index: int) -> str:
    fixed = ["H", "H2O", "Fe1000000", "CoCO", "HHHHH", "C6H12O6", "InI3"]
    if index < len(fixed):
        return fixed[index] + "\n"
    limit = 1000 if index % 4 == 3 else 30
    pool = rng.sample(SYMS, rng.randint(1, len(SYMS)))
    out = ""
    while True:
        part = rng.choice(pool)
        r = rng.random()
        if r < 0.4:
            part += str(rng.randint(2, 9))
        elif r < 0.5:
            part += str(rng.randint(1, 10**6))
        if len(out) + len(part) > limit:
            break
        out += part
    return (out or "H") + "\n"
