import random
import string

CH = string.ascii_letters + string.digits + ".-_"


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 5) if index < 4 else (1000 if index % 4 == 3 else rng.randint(1, 200))
    lines = [str(n)]
    maxc = rng.choice([1, 3, 10, 40])
    for _ in range(n):
        while True:
            c = rng.randint(1, maxc)
            cells = []
            for _ in range(c):
                ln = rng.choice([0, 0, rng.randint(0, 12)])
                cells.append("".join(rng.choice(CH) for _ in range(ln)))
            row = ",".join(cells)
            if 1 <= len(row) <= 200:
                break
        lines.append(row)
    return "\n".join(lines) + "\n"
