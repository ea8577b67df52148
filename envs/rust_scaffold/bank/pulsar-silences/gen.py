import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [1, 2, 3, 5, 9, 10**18, 2**59, 2**59 + 1, 576460752303423489, 768614336404564650]
    if index < len(fixed):
        x = fixed[index]
    else:
        bits = rng.randint(1, 59)
        x = rng.getrandbits(bits) | (1 << (bits - 1))
        if index % 3 == 0:
            x <<= rng.randint(0, 59 - bits) if bits < 59 else 0
        x = max(1, min(x, 10**18))
    return f"{x}\n"
