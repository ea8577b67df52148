from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    c = Counter(d[1 : 1 + n])
    tips = sum(1 for v in range(1, n + 1) if c[v] == 0)
    stems = sum(1 for v in range(1, n + 1) if c[v] == 1)
    return f"{tips} {stems}\n"
