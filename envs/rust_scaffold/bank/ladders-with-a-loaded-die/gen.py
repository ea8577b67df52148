import random


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        N = rng.randint(2, 30)
    elif index % 4 == 3:
        N = 100000
    else:
        N = rng.randint(2, 3000)
    starts = list(range(2, N))
    rng.shuffle(starts)
    k = rng.randint(0, (N - 2) // 3) if N > 2 else 0
    if index % 4 == 3:
        k = rng.choice([N // 3, 30000, 1000])
    starts = set(starts[:k])
    # block a stretch of six squares with chutes sometimes
    if index % 5 == 2 and N > 20:
        p = rng.randint(8, N - 8)
        for q in range(p, p + 6):
            if 2 <= q <= N - 1:
                starts.add(q)
    free = [x for x in range(1, N + 1) if x not in starts]
    jumps = []
    for a in sorted(starts):
        if rng.random() < 0.5:
            cand = [x for x in free[-50:] if x > a] or [y for y in free if y != a]
        else:
            cand = [x for x in free[:50] if x < a] or [y for y in free if y != a]
        b = rng.choice(cand)
        if index % 5 == 2 and rng.random() < 0.8:
            b = 1
        jumps.append((a, b))
    rng.shuffle(jumps)
    return f"{N} {len(jumps)}\n" + "".join(f"{a} {b}\n" for a, b in jumps)
