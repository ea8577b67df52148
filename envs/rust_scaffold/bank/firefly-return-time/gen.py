import random


def make_perm(rng, n, kind):
    if kind == "identity":
        return list(range(1, n + 1))
    if kind == "reverse":
        return list(range(n, 0, -1))
    if kind == "cycle":
        order = list(range(1, n + 1))
        rng.shuffle(order)
        p = [0] * (n + 1)
        for i in range(n):
            p[order[i]] = order[(i + 1) % n]
        return p[1:]
    if kind == "involution":
        order = list(range(1, n + 1))
        rng.shuffle(order)
        p = list(range(n + 1))
        for i in range(0, n - 1, 2):
            if rng.random() < 0.8:
                a, b = order[i], order[i + 1]
                p[a], p[b] = b, a
        return p[1:]
    if kind == "blocks":
        order = list(range(1, n + 1))
        rng.shuffle(order)
        p = [0] * (n + 1)
        i = 0
        while i < n:
            ln = min(n - i, rng.randint(1, 12))
            blk = order[i : i + ln]
            for j in range(ln):
                p[blk[j]] = blk[(j + 1) % ln]
            i += ln
        return p[1:]
    p = list(range(1, n + 1))
    rng.shuffle(p)
    return p


KINDS = ["random", "identity", "reverse", "cycle", "involution", "blocks"]


def primes_perm(rng, n):
    # cycles of prime-power lengths so that the true answer is enormous
    lens = []
    total = 0
    for q in [
        2,
        3,
        5,
        7,
        11,
        13,
        17,
        19,
        23,
        29,
        31,
        37,
        41,
        43,
        47,
        53,
        59,
        61,
        67,
        71,
        73,
        79,
        83,
        89,
        97,
        101,
        103,
        107,
        109,
        113,
        127,
        131,
        137,
        139,
        149,
        151,
        157,
        163,
        167,
        173,
        179,
        181,
        191,
        193,
        197,
        199,
    ]:
        pw = q
        while pw * q <= 2000 and rng.random() < 0.5:
            pw *= q
        if total + pw > n:
            break
        lens.append(pw)
        total += pw
    lens += [1] * (n - total)
    order = list(range(1, n + 1))
    rng.shuffle(order)
    p = [0] * (n + 1)
    i = 0
    for ln in lens:
        blk = order[i : i + ln]
        for j in range(ln):
            p[blk[j]] = blk[(j + 1) % ln]
        i += ln
    return p[1:]


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        return "1\n1\n"
    if index == 1:
        return "2\n2 1\n"
    n = 200000 if index % 4 == 3 else rng.randint(1, 12)
    if index % 5 == 2:
        n = rng.choice([n, 1000, 5000])
        p = primes_perm(rng, n)
    else:
        p = make_perm(rng, n, KINDS[index % len(KINDS)])
    return f"{n}\n" + " ".join(map(str, p)) + "\n"
