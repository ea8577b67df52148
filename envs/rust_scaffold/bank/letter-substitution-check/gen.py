import random

LOW = "abcdefghijklmnopqrstuvwxyz"


def generate(rng: random.Random, index: int) -> str:
    pairs = []
    if index == 0:
        pairs = [
            ("a", "a"),
            ("a", "z"),
            ("ab", "aa"),
            ("aa", "ab"),
            ("abc", "bca"),
            (LOW, LOW[::-1]),
        ]
    q = 1000 if index % 4 == 3 else rng.randint(1, 30)
    while len(pairs) < q:
        n = rng.randint(1, 100 if rng.random() < 0.5 else 6)
        alpha = LOW[: rng.choice([2, 3, 5, 26])]
        p = "".join(rng.choice(alpha) for _ in range(n))
        perm = list(LOW)
        rng.shuffle(perm)
        c = list(p.translate(str.maketrans(LOW, "".join(perm))))
        kind = rng.randint(0, 2)
        if kind == 1:
            # break it: one position gets another letter
            i = rng.randrange(n)
            c[i] = rng.choice(LOW)
        elif kind == 2 and n >= 2:
            # merge two different letters of p into one letter of c
            a, b = rng.sample(sorted(set(p)) * 2, 2)
            c = [c[p.index(a)] if ch == b else x for ch, x in zip(p, c, strict=True)]
        pairs.append((p, "".join(c)))
    return f"{len(pairs)}\n" + "".join(f"{p} {c}\n" for p, c in pairs)
