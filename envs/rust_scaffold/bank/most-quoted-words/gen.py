import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        words, k = ["solo"], 1
    elif index == 1:
        words, k = ["zeta", "alpha", "mid"] * 5, 2
    else:
        n = 100000 if index % 4 == 3 else rng.randint(1, 40)
        vocab_size = rng.choice([3, 30, 1000, 20000])
        alpha = "abcdefghijklmnopqrstuvwxyz"[: rng.choice([3, 26])]
        vocab = list(
            {
                "".join(rng.choice(alpha) for _ in range(rng.randint(1, 12)))
                for _ in range(vocab_size)
            }
        )
        vocab.sort()
        weights = [rng.choice([1, 1, 2, 5]) for _ in vocab]
        words = rng.choices(vocab, weights=weights, k=n)
        k = rng.randint(1, 100)
    return f"{len(words)} {k}\n" + " ".join(words) + "\n"
