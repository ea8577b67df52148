import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        s = "a"
    elif index == 1:
        s = "a" * 5000
    elif index == 2:
        s = "ab" * 2500
    elif index == 3:
        s = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5000))
    else:
        n = 5000 if index % 4 == 3 else rng.randint(1, 60)
        alpha = "abcdefghijklmnopqrstuvwxyz"[: rng.choice([2, 3, 26])]
        s = "".join(rng.choice(alpha) for _ in range(n))
        if rng.random() < 0.6 and n >= 4:
            # plant one or two palindromes
            for _ in range(rng.randint(1, 2)):
                k = rng.randint(1, n // 2)
                half = "".join(rng.choice(alpha) for _ in range(k))
                pal = half + (rng.choice(alpha) if rng.random() < 0.5 else "") + half[::-1]
                pal = pal[:n]
                at = rng.randint(0, n - len(pal))
                s = s[:at] + pal + s[at + len(pal) :]
    return s + "\n"
