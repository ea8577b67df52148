import random


def tri(k: int) -> int:
    return k * (k + 1) // 2


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        nums = [
            1,
            2,
            3,
            4,
            10**18,
            10**18 - 1,
            tri(1414213561),
            tri(1414213561) - 1,
            tri(1414213562) - 1,
        ]
    else:
        t = 3000 if index % 4 == 3 else rng.randint(1, 50)
        nums = []
        for _ in range(t):
            kind = rng.randint(0, 3)
            if kind == 0:
                nums.append(rng.randint(1, 10**18))
            elif kind == 1:
                k = rng.randint(1, 1414213561)
                nums.append(max(1, tri(k) + rng.randint(-1, 1)))
            elif kind == 2:
                nums.append(rng.randint(1, 10 ** rng.randint(1, 18)))
            else:
                nums.append(rng.randint(1, 100))
    return f"{len(nums)}\n" + "".join(f"{x}\n" for x in nums)
