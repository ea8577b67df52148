import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [(2, 0, "11"), (2, 1, "11"), (3, 5, "100"), (4, 3, "1000"), (5, 2000, "10101")]
    if index < len(fixed):
        n, k, s = fixed[index]
    else:
        n = 2000 if index % 4 == 3 else rng.randint(2, 20)
        k = 2000 if index % 4 == 3 else rng.randint(0, 40)
        if index % 3 == 0:
            s = ["0"] * n
            s[rng.randrange(n)] = "1"
            s = "".join(s)
        else:
            s = "".join(rng.choice("01") for _ in range(n))
    return f"{n} {k}\n{s}\n"
