import random


def make_tree(rng, n, shape):
    order = list(range(1, n + 1))
    rng.shuffle(order)
    par = [0] * (n + 1)
    for i in range(1, n):
        if shape == "chain":
            j = i - 1
        elif shape == "star":
            j = 0
        elif shape == "binary":
            j = (i - 1) // 2
        elif shape == "deep":
            j = max(0, i - rng.randint(1, 3))
        elif shape == "broom":
            j = i - 1 if i < n // 2 else rng.randrange(n // 2)
        else:
            j = rng.randrange(i)
        par[order[i]] = order[j]
    return par[1:]


SHAPES = ["random", "chain", "star", "binary", "deep", "broom"]


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        return "1\n0\n-7\n"
    if index == 1:
        return "4\n0 1 2 3\n1 -1 1 -1\n"
    n = 100000 if index % 4 == 3 else rng.randint(2, 12)
    p = make_tree(rng, n, SHAPES[index % len(SHAPES)])
    lim = rng.choice([3, 10**6])
    bias = rng.choice([-1, 0, 0, 1])
    w = []
    for _ in range(n):
        x = rng.randint(-lim, lim)
        if bias == -1:
            x = -abs(x)
        elif bias == 1:
            x = abs(x)
        w.append(x)
    return f"{n}\n" + " ".join(map(str, p)) + "\n" + " ".join(map(str, w)) + "\n"
