import random


def fmt(x):
    return "%02d:%02d" % (x // 60, x % 60)


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(0, 4)
    elif index % 4 == 3:
        n = 1000
    else:
        n = rng.randint(1, 60)
    d = rng.choice([1, 5, 15, 30, 60, 90, rng.randint(1, 480), 480])
    ents = []
    for _ in range(n):
        kind = rng.randint(0, 3)
        if kind == 0:
            s = rng.randint(0, 1438)
            e = rng.randint(s + 1, 1439)
        else:
            s = rng.randint(500, 1050)
            ln = rng.choice([5, 10, 15, 30, 60, rng.randint(1, 40)])
            if n >= 200:
                ln = rng.randint(1, 5)
            e = min(1439, s + ln)
            if e <= s:
                s = e - 1
        ents.append(f"{fmt(s)} {fmt(e)}")
    return f"{n} {d}\n" + "".join(x + "\n" for x in ents)
