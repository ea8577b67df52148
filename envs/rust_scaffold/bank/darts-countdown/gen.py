import random


def dart(rng, score):
    r = rng.random()
    if r < 0.15 and score >= 2 and score <= 40 and score % 2 == 0:
        return f"D{score // 2}"
    if r < 0.2 and score == 50:
        return "BULL"
    if r < 0.3:
        return rng.choice(["MISS", "OUTER", "BULL", "D20", "T20", "S1", "D1"])
    kind = rng.choice("SSDT")
    return f"{kind}{rng.randint(1, 20)}"


def generate(rng: random.Random, index: int) -> str:
    if index < 4:
        S, n = rng.randint(2, 60), rng.randint(1, 6)
    elif index % 4 == 3:
        S, n = rng.choice([1000, 501, 999]), 3000
    else:
        S, n = rng.choice([501, 301, rng.randint(2, 1000)]), rng.randint(1, 300)
    score = S
    darts = []
    for _ in range(n):
        d = dart(rng, score)
        darts.append(d)
        v = (
            0
            if d == "MISS"
            else 25
            if d == "OUTER"
            else 50
            if d == "BULL"
            else int(d[1:]) * " SDT".index(d[0])
        )
        if score - v >= 2 and rng.random() < 0.7:
            score -= v
    if index % 5 == 1:
        darts = ["T20"] * n
    return f"{S} {n}\n" + " ".join(darts) + "\n"
