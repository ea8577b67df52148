import random

B = 10**9


def rect(rng: random.Random, hi: int) -> list[int]:
    while True:
        x1, x2 = rng.randint(-hi, hi), rng.randint(-hi, hi)
        y1, y2 = rng.randint(-hi, hi), rng.randint(-hi, hi)
        if x1 != x2 and y1 != y2:
            return [x1, y1, x2, y2]


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [[-B, -B, B, B, B, B, -B, -B], [-B, -B, 0, 0, 0, 0, B, B], [0, 0, 2, 2, 1, -5, 3, 5]]
    else:
        t = 1000 if index % 4 == 3 else rng.randint(1, 30)
        qs = []
        for _ in range(t):
            hi = rng.choice([5, 100, B])
            qs.append(rect(rng, hi) + rect(rng, hi))
    return f"{len(qs)}\n" + "".join(" ".join(map(str, q)) + "\n" for q in qs)
