import random


def generate(rng: random.Random, index: int) -> str:
    t = rng.randint(1, 10) if index < 4 else (2500 if index % 4 == 3 else rng.randint(1, 2000))
    lines = [str(t)]
    for _ in range(t):
        if rng.random() < 0.5:
            q, k = rng.randint(1, 50), rng.randint(1, 12)
            s = rng.randint(1, 10)
            p = rng.randint(1, k * s + 3)
        else:
            q, k = (
                rng.randint(1, 10**9),
                rng.choice([1, rng.randint(1, 10**9), rng.randint(1, 1000)]),
            )
            s = rng.randint(1, 10**9)
            p = rng.randint(1, 10**9)
        lines.append(f"{q} {k} {p} {s}")
    return "\n".join(lines) + "\n"
