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
        return "1\n0\n"
    if index == 1:
        return "3\n3 3 0\n"
    n = 200000 if index % 4 == 3 else rng.randint(2, 12)
    p = make_tree(rng, n, SHAPES[index % len(SHAPES)])
    return f"{n}\n" + " ".join(map(str, p)) + "\n"
