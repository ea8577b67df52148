import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(2, 6)
        m = rng.randint(0, 6)
    elif index % 4 == 3:
        n = 100000
        m = rng.choice([50000, 100000, 99999])
    else:
        n = rng.randint(2, 3000)
        m = rng.randint(0, 3000)
    edges = []
    if index % 5 == 2:
        # a long path, given in shuffled order
        perm = list(range(1, n + 1))
        rng.shuffle(perm)
        for i in range(min(m, n - 1)):
            edges.append((perm[i], perm[i + 1]))
        rng.shuffle(edges)
        m = len(edges)
    else:
        for _ in range(m):
            a = rng.randint(1, n)
            b = rng.randint(1, n - 1)
            if b >= a:
                b += 1
            edges.append((a, b))
        if m >= 2 and index % 2 == 0:
            edges[-1] = edges[0]
    return f"{n} {m}\n" + "".join(f"{a} {b}\n" for a, b in edges)
