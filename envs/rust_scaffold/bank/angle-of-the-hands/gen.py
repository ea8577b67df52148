import random


def generate(rng: random.Random, index: int) -> str:
    if index == 0:
        times = [(0, 0), (12, 0), (6, 0), (18, 0), (0, 1), (23, 59), (11, 59), (0, 30), (3, 15)]
    elif index % 4 == 3:
        times = [(h, m) for h in range(24) for m in range(60)]
        rng.shuffle(times)
    else:
        times = [(rng.randint(0, 23), rng.randint(0, 59)) for _ in range(rng.randint(1, 60))]
    return f"{len(times)}\n" + "".join(f"{h:02d}:{m:02d}\n" for h, m in times)
