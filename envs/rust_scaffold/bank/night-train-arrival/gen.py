import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        qs = [(0, 0), (1439, 0), (1439, 1), (0, 1440), (0, 10**9), (1439, 10**9), (720, 719)]
    else:
        q = 1000 if index % 4 == 3 else rng.randint(1, 30)
        qs = [
            (
                rng.randint(0, 1439),
                rng.choice(
                    [rng.randint(0, 3000), rng.randint(0, 10**9), 1440 * rng.randint(0, 1000)]
                ),
            )
            for _ in range(q)
        ]
    return f"{len(qs)}\n" + "".join(f"{t // 60:02d}:{t % 60:02d} {d}\n" for t, d in qs)
