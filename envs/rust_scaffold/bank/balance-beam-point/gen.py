import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        n = rng.randint(1, 6)
        lim = 3
    elif index % 4 == 3:
        n = 100000
        lim = 10**9
    else:
        n = rng.randint(1, 3000)
        lim = rng.choice([2, 100, 10**9])
    a = [rng.randint(-lim, lim) for _ in range(n)]
    if index % 3 != 0 and n >= 3:
        # plant a balance point
        i = rng.randrange(n)
        left = sum(a[:i])
        right = sum(a[i + 1 :])
        diff = left - right
        # fix by adjusting elements on the right (or left) within bounds
        j_range = list(range(i + 1, n)) if i + 1 < n else list(range(0, i))
        sign = 1 if i + 1 < n else -1
        for j in j_range:
            if diff == 0:
                break
            want = a[j] + sign * diff
            nv = max(-lim, min(lim, want))
            diff -= sign * (nv - a[j])
            a[j] = nv
    if index == 6:
        a = [0] * n
    return f"{n}\n{' '.join(map(str, a))}\n"
