import random


def variant(rng, base_local, domain):
    s = []
    for ch in base_local:
        if rng.random() < 0.2:
            s.append(".")
        s.append(ch.upper() if rng.random() < 0.3 else ch)
    if rng.random() < 0.4:
        s.append("+" + "".join(rng.choice("abc.+1") for _ in range(rng.randint(0, 5))))
    d = "".join(c.upper() if rng.random() < 0.3 else c for c in domain)
    return "".join(s) + "@" + d


def generate(rng: random.Random, index: int) -> str:
    n = rng.randint(1, 6) if index < 4 else (10000 if index % 4 == 3 else rng.randint(1, 1000))
    people = rng.choice([1, 3, 50, 5000])
    bases = [
        "".join(rng.choice("abcxyz019") for _ in range(rng.randint(1, 8))) for _ in range(people)
    ]
    domains = ["mail.com", "mail.org", "x.io", "post.net", "a.b.c"]
    lines = [str(n)]
    for _ in range(n):
        a = variant(rng, rng.choice(bases), rng.choice(domains))
        lines.append(a[:50] if "@" in a[:50] else a[-50:])
    return "\n".join(lines) + "\n"
