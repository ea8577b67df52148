import random


def generate(rng: random.Random, index: int) -> str:
    fixed = [
        ("0", 0),
        ("9", 8),
        ("000000000000", 0),
        ("999999999999", 999999999999),
        ("11", 0),
        ("123456789012", 0),
    ]
    if index < len(fixed):
        s, t = fixed[index]
    else:
        n = 12 if index % 4 == 3 else rng.randint(1, 12)
        alpha = rng.choice(["01", "0123456789", "19"])
        s = "".join(rng.choice(alpha) for _ in range(n))
        # target taken from a random expression most of the time
        ops = [rng.choice(["+", "-", ""]) for _ in range(n - 1)]
        expr = s[0] + "".join(o + c for o, c in zip(ops, s[1:], strict=False))
        val = eval_expr(expr)
        t = val if rng.random() < 0.8 else rng.randint(-100, 100)
    return f"{s}\n{t}\n"


def eval_expr(e):
    total, num, sign = 0, 0, 1
    for ch in e:
        if ch in "+-":
            total += sign * num
            num, sign = 0, (1 if ch == "+" else -1)
        else:
            num = num * 10 + int(ch)
    return total + sign * num
