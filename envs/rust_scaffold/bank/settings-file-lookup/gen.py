import random


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 8) if index < 4 else (5000 if index % 4 == 3 else rng.randint(1, 500))
    q = rng.randint(1, 8) if index < 4 else (5000 if index % 4 == 3 else rng.randint(1, 500))
    secs = rng.choice(
        [["a", "b"], ["main", "db", "net", "ui", "log_1"], [f"s{i}" for i in range(50)]]
    )
    keys = rng.choice(
        [["x", "y"], ["port", "host", "user", "mode", "level"], [f"k{i}" for i in range(100)]]
    )
    vals = ["1", "2", "on", "off", "8080", "a.b", "x-y", "0.5", "debug", "z"]
    lines = [f"[{rng.choice(secs)}]"]
    for _ in range(n - 1):
        r = rng.random()
        if r < 0.1:
            lines.append(f"[{rng.choice(secs)}]")
        elif r < 0.2:
            lines.append(
                ";"
                + " ".join(
                    rng.choice(["note", "old", "value", "x"]) for _ in range(rng.randint(0, 5))
                )
            )
        else:
            lines.append(f"{rng.choice(keys)}={rng.choice(vals)}")
    lines.append(str(q))
    for _ in range(q):
        lines.append(f"{rng.choice([*secs, 'zz'])}.{rng.choice(keys)}")
    return f"{n}\n" + "\n".join(lines) + "\n"
