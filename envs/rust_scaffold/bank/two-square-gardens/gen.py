import random

RICH = [
    5**2 * 13**2 * 17 * 29 * 37 * 41,
    10**12,
    999999999998,
    5 * 13 * 17 * 29 * 37 * 41 * 53 * 61,
]


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        nums = [1, 2, 10**12, 999999999999, 4]
    elif index % 4 == 3:
        nums = [min(10**12, rng.choice(RICH)) for _ in range(3)] + [
            rng.randint(1, 10**6) ** 2 + rng.randint(1, 10**6) ** 2 for _ in range(2)
        ]
    else:
        nums = []
        for _ in range(rng.randint(1, 5)):
            if rng.random() < 0.5:
                hi = 10 ** rng.randint(1, 6)
                nums.append(rng.randint(0, hi) ** 2 + rng.randint(1, hi) ** 2)
            else:
                nums.append(rng.randint(1, 10 ** rng.randint(1, 12)))
    nums = [min(max(1, x), 10**12) for x in nums]
    return f"{len(nums)}\n" + "".join(f"{x}\n" for x in nums)
