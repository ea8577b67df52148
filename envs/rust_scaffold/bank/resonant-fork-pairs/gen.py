import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, [5]), (2, [1, 1]), (2, [1, 3]), (10, [5, 5, 5, 15])]
    if index < len(fixed):
        k, f = fixed[index]
    else:
        n = 200000 if index % 4 == 3 else rng.randint(1, 12)
        kind = index % 3
        if kind == 0:
            k = rng.choice([1, 2])
            f = [rng.randint(1, 10**9) for _ in range(n)]
        elif kind == 1:
            k = rng.randint(1, 10)
            f = [rng.randint(1, 10**9) for _ in range(n)]
        else:
            k = rng.randint(1, 10**9)
            base = [rng.randint(1, k) for _ in range(5)]
            f = []
            for _ in range(n):
                b = rng.choice(base)
                if rng.random() < 0.5:
                    b = k - b if k - b >= 1 else k
                f.append(b + k * rng.randint(0, (10**9 - b) // k))
    return f"{len(f)} {k}\n" + " ".join(map(str, f)) + "\n"
