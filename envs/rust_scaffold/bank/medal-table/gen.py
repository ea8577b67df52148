import random
import string


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 6) if index < 4 else (5000 if index % 4 == 3 else rng.randint(1, 500))
    codes = set()
    while len(codes) < n:
        codes.add("".join(rng.choice(string.ascii_uppercase) for _ in range(3)))
    codes = list(codes)
    rng.shuffle(codes)
    hi = rng.choice([1, 3, 1000])
    lines = [str(n)]
    for c in codes:
        lines.append(f"{c} {rng.randint(0, hi)} {rng.randint(0, hi)} {rng.randint(0, hi)}")
    return "\n".join(lines) + "\n"
