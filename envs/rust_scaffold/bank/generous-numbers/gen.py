import random

BALANCED = [6, 28, 496, 8128, 33550336, 8589869056, 137438691328]


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        nums = [1, 2, 6, 12, 945, 999999999989, 10**12, 963761198400, 137438691328, 720720]
    elif index % 4 == 3:
        nums = [
            rng.choice(
                [999999999989, 999966000289, 10**12 - rng.randint(0, 100), rng.choice(BALANCED)]
            )
            for _ in range(10)
        ]
    else:
        nums = []
        for _ in range(rng.randint(1, 10)):
            kind = rng.randint(0, 2)
            if kind == 0:
                nums.append(rng.choice(BALANCED))
            elif kind == 1:
                nums.append(rng.randint(1, 10 ** rng.randint(1, 12)))
            else:
                # highly divisible numbers are generous
                x = 1
                for p in [2, 3, 5, 7, 11, 13]:
                    x *= p ** rng.randint(0, 3)
                nums.append(min(x, 10**12))
    return f"{len(nums)}\n" + "".join(f"{x}\n" for x in nums)
