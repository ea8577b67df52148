import random


def design(rng: random.Random, n: int, m: int, lr: bool, tb: bool) -> list[str]:
    g = [[rng.choice("#.") for _ in range(m)] for _ in range(n)]
    if lr:
        for row in g:
            for c in range(m // 2):
                row[m - 1 - c] = row[c]
    if tb:
        for r in range(n // 2):
            g[n - 1 - r] = list(g[r])
    return ["".join(row) for row in g]


def generate(rng: random.Random, index: int) -> str:
    designs = []
    if index == 0:
        designs = [["#"], ["."], ["#."], ["#", "."], ["##", "##"]]
    t = 100 if index % 4 == 3 else rng.randint(1, 10)
    while len(designs) < t:
        big = index % 4 == 3
        n = rng.randint(1, 50 if big else 5)
        m = rng.randint(1, 50 if big else 5)
        g = design(rng, n, m, rng.random() < 0.5, rng.random() < 0.5)
        if rng.random() < 0.3:
            r, c = rng.randrange(n), rng.randrange(m)
            g[r] = g[r][:c] + ("#" if g[r][c] == "." else ".") + g[r][c + 1 :]
        designs.append(g)
    out = [str(len(designs))]
    for g in designs:
        out.append(f"{len(g)} {len(g[0])}")
        out += g
    return "\n".join(out) + "\n"
