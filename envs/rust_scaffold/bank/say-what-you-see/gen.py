import itertools
import random


def step(s: str) -> str:
    return "".join(f"{len(list(g))}{d}" for d, g in itertools.groupby(s))


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s, k = "0", 0
    elif index == 1:
        s, k = "22", 60
    elif index == 2:
        s, k = "1" * 20, 1
    else:
        n = rng.randint(1, 20)
        s = "".join(rng.choice("0123456789"[: rng.choice([2, 4, 10])]) for _ in range(n))
        # the largest k keeping every string within 20000 digits, possibly reduced at random
        cur, k = s, 0
        while k < 60:
            nxt = step(cur)
            if len(nxt) > 20000:
                break
            cur, k = nxt, k + 1
        if index % 4 != 3:
            k = rng.randint(0, k)
    return f"{s}\n{k}\n"
