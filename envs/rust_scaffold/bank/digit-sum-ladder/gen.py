import random

EDGE = [0, 1, 9, 10, 11, 19, 99, 199, 999999999999999999, 10**18, 599999999999999999]


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        nums = list(EDGE)
    else:
        t = rng.randint(1, 20) if index % 4 == 1 else 1000
        nums = []
        for _ in range(t):
            kind = rng.randint(0, 3)
            if kind == 0:
                nums.append(rng.randint(0, 10**18))
            elif kind == 1:
                nums.append(rng.randint(0, 10 ** rng.randint(1, 18)))
            elif kind == 2:
                # numbers made of many nines make the longest ladders
                d = rng.randint(1, 18)
                nums.append(int("9" * d) - rng.randint(0, 3))
            else:
                nums.append(rng.randint(0, 200))
    return f"{len(nums)}\n" + "".join(f"{x}\n" for x in nums)
