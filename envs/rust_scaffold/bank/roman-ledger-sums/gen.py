import random

PLACES = [("M", "?", "?"), ("C", "D", "M"), ("X", "L", "C"), ("I", "V", "X")]
PATTERNS = ["", "u", "uu", "uuu", "uf", "f", "fu", "fuu", "fuuu", "ut"]


def roman(v: int) -> str:
    digits = [v // 1000, v // 100 % 10, v // 10 % 10, v % 10]
    out = []
    for d, (u, f, t) in zip(digits, PLACES, strict=True):
        out.append(PATTERNS[d].replace("u", u).replace("f", f).replace("t", t))
    return "".join(out)


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        pairs = [(1, 1), (1998, 2001), (3998, 1), (444, 555), (999, 999), (1, 3998), (4, 4)]
    else:
        q = 1000 if index % 4 == 3 else rng.randint(1, 30)
        pairs = []
        for _ in range(q):
            total = rng.choice([rng.randint(2, 3999), rng.randint(2, 200)])
            a = rng.randint(1, total - 1)
            pairs.append((a, total - a))
    return f"{len(pairs)}\n" + "".join(f"{roman(a)} {roman(b)}\n" for a, b in pairs)
