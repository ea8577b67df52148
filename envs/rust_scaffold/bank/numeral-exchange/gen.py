import random

DIG = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def write(v: int, b: int) -> str:
    if v == 0:
        return "0"
    s = []
    while v:
        s.append(DIG[v % b])
        v //= b
    return "".join(reversed(s))


def generate(rng: random.Random, index: int) -> str:
    qs = []
    if index == 0:
        qs = [
            (10, 10, "0"),
            (2, 36, "1"),
            (36, 2, "Z"),
            (2, 10, "0" * 63 + "1"),
            (10, 36, str(2**62 - 1)),
            (36, 10, write(2**62 - 1, 36)),
            (7, 7, "0066"),
        ]
    else:
        q = 1000 if index % 4 == 3 else rng.randint(1, 30)
        for _ in range(q):
            a, b = rng.randint(2, 36), rng.randint(2, 36)
            v = rng.choice(
                [
                    rng.randint(0, 2**62 - 1),
                    rng.randint(0, 1000),
                    0,
                    rng.randint(0, 2 ** rng.randint(1, 62) - 1),
                ]
            )
            x = write(v, a)
            pad = rng.choice([0, 0, 0, rng.randint(1, 5)])
            x = ("0" * pad + x)[-64:] if len("0" * pad + x) > 64 else "0" * pad + x
            qs.append((a, b, x))
    return f"{len(qs)}\n" + "".join(f"{a} {b} {x}\n" for a, b, x in qs)
