import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        nums = [1, 2, 7, 10, 100, 10**18, 999999999999999999, 4, 16, 89, 1000000000000000001]
        nums = [x for x in nums if x <= 10**18]
    else:
        t = 1000 if index % 4 == 3 else rng.randint(1, 30)
        nums = [
            rng.choice([rng.randint(1, 1000), rng.randint(1, 10 ** rng.randint(1, 18))])
            for _ in range(t)
        ]
    return f"{len(nums)}\n" + "".join(f"{x}\n" for x in nums)
