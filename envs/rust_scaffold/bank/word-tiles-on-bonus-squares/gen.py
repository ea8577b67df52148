import random
import string


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 8) if index < 4 else (5000 if index % 4 == 3 else rng.randint(1, 1000))
    lines = [str(t)]
    for _ in range(t):
        L = rng.randint(1, 15)
        w = "".join(
            rng.choice(rng.choice([string.ascii_lowercase, "aeiou", "qxz"])) for _ in range(L)
        )
        dens = rng.choice([0.1, 0.3, 0.9])
        sq = "".join(rng.choice("dtDT") if rng.random() < dens else "." for _ in range(L))
        lines.append(f"{w} {sq}")
    return "\n".join(lines) + "\n"
