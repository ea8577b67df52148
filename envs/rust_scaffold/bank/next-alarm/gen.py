import random


def fmt(x: int) -> str:
    return f"{x // 60:02d}:{x % 60:02d}"


def generate(rng: random.Random, index: int) -> str:
    now = rng.randint(0, 1439)
    if index == 0:
        now, alarms = 0, [0]
    elif index == 1:
        now, alarms = 0, [1439]
    elif index == 2:
        now, alarms = 1439, [0, 1439]
    else:
        n = 1000 if index % 4 == 3 else rng.randint(1, 10)
        alarms = [rng.randint(0, 1439) for _ in range(n)]
        if rng.random() < 0.3:
            alarms.append((now - 1) % 1440)
    return f"{fmt(now)}\n{len(alarms)}\n" + "".join(fmt(a) + "\n" for a in alarms)
