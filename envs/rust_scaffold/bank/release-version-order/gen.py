import random


def part(rng):
    r = rng.random()
    if r < 0.5:
        v = str(rng.randint(0, 12))
    elif r < 0.7:
        v = str(rng.randint(0, 999999999))
    else:
        v = "0"
    if rng.random() < 0.15:
        v = "0" * rng.randint(1, 3) + v
    return v[-9:]


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 6) if index < 4 else (2000 if index % 4 == 3 else rng.randint(1, 400))
    vs = []
    for _ in range(n):
        if vs and rng.random() < 0.3:
            base = rng.choice(vs).split(".")
            k = len(base)
            if rng.random() < 0.5 and k < 6:
                base = base + ["0" * rng.randint(1, 2)] * rng.randint(1, 6 - k)
            elif k > 1 and all(p.strip("0") == "" for p in base[1:]):
                base = base[:1]
            vs.append(".".join(base))
        else:
            vs.append(".".join(part(rng) for _ in range(rng.randint(1, 6))))
    return f"{n}\n" + "\n".join(vs) + "\n"
