import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        words = ["a"]
    elif index == 1:
        words = ["abcdefghij"] * 100000
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 40)
        alpha = "abcdefghijklmnopqrstuvwxyz"[: rng.choice([2, 3, 26])]
        bases = [
            "".join(rng.choice(alpha) for _ in range(rng.randint(1, 10)))
            for _ in range(rng.randint(1, max(1, n // rng.choice([1, 5, 50]))))
        ]
        words = []
        for _ in range(n):
            w = list(rng.choice(bases))
            rng.shuffle(w)
            if rng.random() < 0.1:
                w[rng.randrange(len(w))] = rng.choice(alpha)
            words.append("".join(w))
    return f"{len(words)}\n" + "".join(w + "\n" for w in words)
