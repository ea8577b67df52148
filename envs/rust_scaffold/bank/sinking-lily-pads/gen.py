import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(1, [1]), (1, [-1]), (2, [1, -1]), (2, [-1, 1])]
    if index < len(fixed):
        a = fixed[index][1]
        s = 1
        return f"{len(a)} {s}\n" + " ".join(map(str, a)) + "\n"
    n = 200000 if index % 4 == 3 else rng.randint(1, 12)
    kind = index % 3
    if kind == 0:
        # a long tour that visits every pad once before leaving
        order = list(range(1, n + 1))
        rng.shuffle(order)
        a = [0] * (n + 1)
        for i in range(n - 1):
            a[order[i]] = order[i + 1] - order[i]
        last = order[-1]
        a[last] = n + 1 - last if rng.random() < 0.5 else -last
        if rng.random() < 0.3 and n > 1:
            # send the last pad back onto a sunk pad instead
            tgt = order[rng.randrange(n - 1)]
            a[last] = tgt - last if tgt != last else a[last]
        s = order[0]
        a = a[1:]
    else:
        lim = 2 if kind == 1 else n
        a = []
        for _ in range(n):
            x = 0
            while x == 0:
                x = rng.randint(-lim, lim)
            a.append(x)
        s = rng.randint(1, n)
    return f"{n} {s}\n" + " ".join(map(str, a)) + "\n"
