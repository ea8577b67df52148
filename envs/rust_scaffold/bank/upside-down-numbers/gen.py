import random

TURN = {"0": "0", "1": "1", "8": "8", "6": "9", "9": "6"}


def reversible(rng: random.Random, n: int) -> str:
    while True:
        half = [rng.choice("01689") for _ in range(n // 2)]
        mid = [rng.choice("018")] if n % 2 else []
        s = "".join(half + mid + [TURN[c] for c in reversed(half)])
        if s == "0" or s[0] != "0":
            return s


def generate(rng: random.Random, index: int) -> str:
    nums = []
    if index == 0:
        nums = ["0", "1", "8", "6", "9", "10", "88", "96", "609", "906", "101", "111", "6009"]
    t = 1000 if index % 4 == 3 else rng.randint(1, 30)
    while len(nums) < t:
        n = rng.choice([1, 2, 3, rng.randint(1, 50), 50])
        kind = rng.randint(0, 2)
        if kind == 0:
            s = reversible(rng, n)
        elif kind == 1:
            s = list(reversible(rng, n))
            i = rng.randrange(n)
            s[i] = rng.choice("0123456789")
            s = "".join(s)
            if s[0] == "0" and len(s) > 1:
                s = "1" + s[1:]
        else:
            s = str(rng.randint(1, 9)) + "".join(rng.choice("0123456789") for _ in range(n - 1))
        nums.append(s)
    return f"{len(nums)}\n" + "".join(x + "\n" for x in nums)
