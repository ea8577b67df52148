import random

COMP = {"A": "T", "T": "A", "C": "G", "G": "C"}


def nested(rng, n):
    # a string that mostly cancels: random brackets of complementary pairs
    out = []
    stack = []
    for _ in range(n):
        if stack and rng.random() < 0.5:
            out.append(COMP[stack.pop()])
        else:
            c = rng.choice("ACGT")
            stack.append(c)
            out.append(c)
    return "".join(out)


def generate(rng: random.Random, index: int) -> str:
    fixed = ["A", "AT", "GC", "AA", "ATA", "CAGTTA"]
    if index < len(fixed):
        s = fixed[index]
    else:
        n = 50000 if index % 4 == 3 else rng.randint(1, 16)
        if index % 3 == 0:
            s = nested(rng, n)
        elif index % 3 == 1:
            s = "".join(rng.choice("ACGT") for _ in range(n))
        else:
            h = n // 2
            left = "".join(rng.choice("ACGT") for _ in range(max(1, h)))
            s = left + "".join(COMP[c] for c in reversed(left))
    return s + "\n"
