import random


def generate(rng: random.Random, index: int) -> str:
    nums = rng.sample(range(1, 76), 24)
    nums.insert(12, 0)
    card = [nums[5 * r : 5 * r + 5] for r in range(5)]
    on_card = [x for x in nums if x]
    off_card = [x for x in range(1, 76) if x not in on_card]
    mode = index % 4
    if mode == 0:
        calls = rng.sample(range(1, 76), rng.randint(1, 75))
    elif mode == 1:
        # mostly card numbers, short sequence
        pool = on_card[:]
        rng.shuffle(pool)
        calls = pool[: rng.randint(1, 12)] + rng.sample(off_card, rng.randint(0, 5))
        rng.shuffle(calls)
    elif mode == 2:
        # diagonal-friendly: call the anti-diagonal late
        diag = [card[i][4 - i] for i in range(5) if card[i][4 - i]]
        others = [x for x in range(1, 76) if x not in diag]
        rng.shuffle(others)
        calls = others[: rng.randint(0, 20)] + diag
        rng.shuffle(calls)
    else:
        calls = rng.sample(off_card, rng.randint(1, len(off_card)))
        if rng.random() < 0.5:
            calls += rng.sample(on_card, 4)
    return (
        "".join(" ".join(map(str, row)) + "\n" for row in card)
        + f"{len(calls)}\n"
        + " ".join(map(str, calls))
        + "\n"
    )
