import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        times = [(0, 0), (23, 59), (23, 32), (15, 51), (15, 52), (5, 50), (6, 0), (9, 59)]
    elif index % 4 == 3:
        times = [(h, m) for h in range(24) for m in range(60)]
        rng.shuffle(times)
    else:
        times = [(rng.randint(0, 23), rng.randint(0, 59)) for _ in range(rng.randint(1, 50))]
    return f"{len(times)}\n" + "".join(f"{h:02d}:{m:02d}\n" for h, m in times)
