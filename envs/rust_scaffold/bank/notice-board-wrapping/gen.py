import random
import string


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 8) if index < 4 else (100000 if index % 4 == 3 else rng.randint(1, 3000))
    maxlen = rng.choice([1, 3, 20])
    words = [
        "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(1, maxlen)))
        for _ in range(n)
    ]
    longest = max(len(w) for w in words)
    W = rng.choice(
        [
            longest,
            longest + 1,
            2 * longest + 1,
            rng.randint(longest, 100),
            rng.randint(longest, 10**6),
        ]
    )
    return f"{n} {W}\n" + " ".join(words) + "\n"
