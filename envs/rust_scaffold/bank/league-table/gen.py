import random
import string


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(2, 5) if index < 4 else (100 if index % 4 == 3 else rng.randint(2, 30))
    m = rng.randint(0, 8) if index < 4 else (5000 if index % 4 == 3 else rng.randint(0, 300))
    names = set()
    while len(names) < n:
        ln = rng.randint(1, rng.choice([2, 10]))
        names.add(
            "".join(rng.choice("abc" if ln <= 2 else string.ascii_lowercase) for _ in range(ln))
        )
    names = list(names)
    rng.shuffle(names)
    hi = rng.choice([1, 3, 20])
    lines = [f"{n} {m}", " ".join(names)]
    for _ in range(m):
        h, a = rng.sample(names, 2)
        lines.append(f"{h} {a} {rng.randint(0, hi)} {rng.randint(0, hi)}")
    return "\n".join(lines) + "\n"
