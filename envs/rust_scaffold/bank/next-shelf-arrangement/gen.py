import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [[7], [1, 1], [1, 2], [2, 1], [3, 3, 3], [1, 5, 5, 1]]
    if index < len(fixed):
        c = fixed[index]
    else:
        n = 5000 if index % 4 == 3 else rng.randint(1, 7)
        kind = index % 3
        hi = rng.choice([2, 3, 10**6])
        c = [rng.randint(1, hi) for _ in range(n)]
        if kind == 0:
            c.sort(reverse=True)
            if rng.random() < 0.5 and n > 1:
                i = rng.randrange(n - 1)
                c[i], c[i + 1] = c[i + 1], c[i]
        elif kind == 1:
            k = rng.randint(0, n)
            c = c[: n - k] + sorted(c[n - k :], reverse=True)
    return f"{len(c)}\n" + " ".join(map(str, c)) + "\n"
