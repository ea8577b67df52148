import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        m = rng.randint(0, 6) if n >= 2 else 0
    elif index % 4 == 3:
        n = 5000
        m = rng.choice([100000, 20000])
    else:
        n = rng.randint(2, 1000)
        m = rng.randint(0, 3000)
    order = list(range(1, n + 1))
    rng.shuffle(order)
    pos = {v: i for i, v in enumerate(order)}
    edges = []
    while len(edges) < m:
        a = rng.randint(1, n)
        b = rng.randint(1, n)
        if a == b:
            continue
        if pos[a] > pos[b]:
            a, b = b, a
        edges.append((a, b))
    if index % 3 == 2 and m >= 2 and n >= 3:
        # close a cycle
        a, b = edges[0]
        c = rng.randint(1, n)
        while c in (a, b):
            c = rng.randint(1, n)
        edges.append((b, c))
        edges.append((c, a))
    rng.shuffle(edges)
    return f"{n} {len(edges)}\n" + "".join(f"{a} {b}\n" for a, b in edges)
