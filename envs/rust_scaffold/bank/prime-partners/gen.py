import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        nums = [4, 6, 8, 12, 1000000, 999998, 2 * 499979, 14, 16, 98]
    elif index % 4 == 3:
        nums = [1000000 - 2 * rng.randint(0, 50) for _ in range(10)]
    else:
        hi = rng.choice([50, 1000, 1000000])
        nums = [2 * rng.randint(2, hi // 2) for _ in range(rng.randint(1, 10))]
    return f"{len(nums)}\n" + "".join(f"{x}\n" for x in nums)
