import random


def f(x):
    return "%02d:%02d" % (x // 60, x % 60)


def generate(rng: random.Random, index: int) -> str:
    q = rng.randint(1, 8) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 2000))
    A = rng.choice([0, rng.randint(0, 1439)])
    B = rng.choice([1439, A, rng.randint(A, 1439)])
    P = rng.choice([1, 7, 15, 60, rng.randint(1, 1440), 1440])
    lines = [f"{f(A)} {f(B)} {P}", str(q)]
    deps = list(range(A, B + 1, P))
    for _ in range(q):
        r = rng.random()
        if r < 0.3:
            x = min(1439, max(0, rng.choice(deps) + rng.choice([-1, 0, 1])))
        else:
            x = rng.randint(0, 1439)
        lines.append(f(x))
    return "\n".join(lines) + "\n"
