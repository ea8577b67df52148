import random


def pal_from_half(h: int, odd: bool) -> int:
    b = bin(h)[2:]
    return int(b + (b[:-1] if odd else b)[::-1], 2)


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        nums = [1, 2, 3, 4, 10**18, 2**59 - 1, 2**59, 2**59 + 1, 2**59 - 2, 1023, 1024]
    else:
        t = 1000 if index % 4 == 3 else rng.randint(1, 30)
        nums = []
        for _ in range(t):
            kind = rng.randint(0, 2)
            if kind == 0:
                nums.append(rng.randint(1, 2000))
            elif kind == 1:
                nums.append(rng.randint(1, 10**18))
            else:
                bits = rng.randint(1, 59)
                h = rng.randint(2 ** ((bits - 1) // 2), 2 ** ((bits + 1) // 2) - 1)
                p = pal_from_half(h, bits % 2 == 1) + rng.randint(-1, 1)
                nums.append(min(max(p, 1), 10**18))
    return f"{len(nums)}\n" + "".join(f"{x}\n" for x in nums)
