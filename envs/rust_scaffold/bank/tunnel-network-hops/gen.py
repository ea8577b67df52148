import itertools
import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(2, 6)
        m = rng.randint(0, 7)
    elif index % 4 == 3:
        n = 100000
        m = 100000
    else:
        n = rng.randint(2, 3000)
        m = rng.randint(0, 4000)
    edges = []
    kind = index % 3
    if kind == 1:
        # a long hidden path 1 -> ... -> n plus noise
        mid = list(range(2, n))
        rng.shuffle(mid)
        path = [1, *mid[: rng.randint(0, len(mid))], n]
        for a, b in itertools.pairwise(path):
            edges.append((a, b))
        edges = edges[:m] if len(edges) > m else edges
    while len(edges) < m:
        a = rng.randint(1, n)
        b = rng.randint(1, n - 1)
        if b >= a:
            b += 1
        edges.append((a, b))
    rng.shuffle(edges)
    edges = [(b, a) if rng.random() < 0.5 else (a, b) for a, b in edges]
    return f"{n} {len(edges)}\n" + "".join(f"{a} {b}\n" for a, b in edges)
