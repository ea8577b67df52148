import datetime
import random


def generate(rng: random.Random, index: int) -> str:
    first = datetime.date(1, 1, 1).toordinal()
    last = datetime.date(9999, 12, 31).toordinal()
    if index == 0:
        dates = [
            datetime.date(1, 1, 1),
            datetime.date(9999, 12, 31),
            datetime.date(1900, 2, 28),
            datetime.date(1900, 3, 1),
            datetime.date(2000, 2, 29),
            datetime.date(2000, 3, 1),
            datetime.date(4, 2, 29),
            datetime.date(100, 3, 1),
            datetime.date(400, 2, 29),
        ]
    else:
        t = 1000 if index % 4 == 3 else rng.randint(1, 30)
        dates = []
        for _ in range(t):
            if rng.random() < 0.2:
                y = rng.randint(1, 9999)
                leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
                d = datetime.date(y, 2, 29) if leap else datetime.date(y, 3, 1)
            else:
                d = datetime.date.fromordinal(rng.randint(first, last))
            dates.append(d)
    return f"{len(dates)}\n" + "".join(f"{d.year:04d}-{d.month:02d}-{d.day:02d}\n" for d in dates)
