import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        m = rng.randint(0, 6) if n >= 2 else 0
    elif index % 4 == 3:
        n = 100000
        m = rng.choice([100000, 60000])
    else:
        n = rng.randint(2, 3000)
        m = rng.randint(0, 3000)
    side = [rng.randint(0, 1) for _ in range(n + 1)]
    edges = []
    bipartite = index % 3 != 2
    tries = 0
    while len(edges) < m and tries < 50 * m + 100:
        tries += 1
        a = rng.randint(1, n)
        b = rng.randint(1, n)
        if a == b:
            continue
        if bipartite and side[a] == side[b]:
            continue
        edges.append((a, b))
    if not bipartite and n >= 3 and edges and index % 2 == 0:
        # an odd cycle hidden late
        edges[-1] = (edges[0][0], edges[0][1])
    return f"{n} {len(edges)}\n" + "".join(f"{a} {b}\n" for a, b in edges)
