import random

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def won(b: list[str], p: str) -> bool:
    return any(all(b[i] == p for i in ln) for ln in LINES)


def played(rng: random.Random) -> list[str]:
    b = ["."] * 9
    stop = rng.randint(0, 9)
    p = "X"
    for _ in range(stop):
        free = [i for i in range(9) if b[i] == "."]
        if not free or won(b, "X") or won(b, "O"):
            break
        b[rng.choice(free)] = p
        p = "O" if p == "X" else "X"
    return b


def generate(rng: random.Random, index: int) -> str:
    t = 1000 if index % 4 == 3 else rng.randint(1, 30)
    boards = []
    if index == 0:
        boards = [["."] * 9, ["X"] * 9, ["O"] + ["."] * 8, list("XXXOOO..."), list("XXXOO.O..")]
    while len(boards) < t:
        kind = rng.randint(0, 3)
        if kind <= 1:
            b = played(rng)
        elif kind == 2:
            b = [rng.choice("XO.") for _ in range(9)]
        else:
            # a played board with one mark altered: often invalid, sometimes not
            b = played(rng)
            b[rng.randrange(9)] = rng.choice("XO.")
        boards.append(b)
    out = [f"{len(boards)}"]
    for b in boards:
        out += ["".join(b[0:3]), "".join(b[3:6]), "".join(b[6:9])]
    return "\n".join(out) + "\n"
