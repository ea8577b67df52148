import random


def balanced(rng: random.Random, n_pairs: int, p_open: float) -> str:
    out = []
    opened = closed = 0
    while closed < n_pairs:
        depth = opened - closed
        if opened < n_pairs and (depth == 0 or rng.random() < p_open):
            out.append("(")
            opened += 1
        else:
            out.append(")")
            closed += 1
    return "".join(out)


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "()"
    elif index == 1:
        s = "(" * 100000 + ")" * 100000
    elif index == 2:
        s = "()" * 100000
    else:
        pairs = 100000 if index % 4 == 3 else rng.randint(1, 30)
        s = balanced(rng, pairs, rng.choice([0.3, 0.5, 0.7]))
    return s + "\n"
