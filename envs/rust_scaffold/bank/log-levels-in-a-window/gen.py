import random

WORDS = [
    "disk",
    "full",
    "user",
    "login",
    "retry",
    "error",
    "info",
    "warn",
    "debug",
    "cache",
    "miss",
    "42",
    "ok",
    "timeout",
    "x1",
]


def t2s(x):
    return "%02d:%02d:%02d" % (x // 3600, x // 60 % 60, x % 60)


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 6) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 1000))
    a = rng.randint(0, 86399)
    b = rng.randint(a, 86399)
    if index % 5 == 1:
        a, b = 0, 86399
    if index % 5 == 2:
        b = a
    lines = [f"{t2s(a)} {t2s(b)}", str(n)]
    for _ in range(n):
        r = rng.random()
        if r < 0.3:
            x = rng.choice([a, b, max(0, a - 1), min(86399, b + 1)])
        else:
            x = rng.randint(0, 86399)
        lvl = rng.choice(["DEBUG", "INFO", "WARN", "ERROR"])
        msg = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 10)))
        lines.append(f"[{t2s(x)}] {lvl} {msg}")
    return "\n".join(lines) + "\n"
