import random

PRIMES_NEAR_1E6 = [999983, 999979, 999961, 999959]


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        nums = [1, 2, 3, 4, 10**12, 999983 * 999979, 999999999989, 2**39, 720720, 6]
    elif index % 4 == 3:
        nums = []
        for _ in range(10):
            kind = rng.randint(0, 2)
            if kind == 0:
                nums.append(rng.choice(PRIMES_NEAR_1E6) * rng.choice(PRIMES_NEAR_1E6))
            elif kind == 1:
                nums.append(rng.choice([999999999989, 999999999959, 999999999961]))
            else:
                nums.append(rng.randint(10**11, 10**12))
    else:
        nums = [rng.randint(1, 10 ** rng.randint(1, 12)) for _ in range(rng.randint(1, 10))]
    return f"{len(nums)}\n" + "".join(f"{x}\n" for x in nums)
