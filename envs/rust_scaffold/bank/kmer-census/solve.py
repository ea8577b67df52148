from collections import Counter


def solve(inp: str) -> str:
    parts = inp.split()
    n, k, s = int(parts[0]), int(parts[1]), parts[2]
    c = Counter(s[i : i + k] for i in range(n - k + 1))
    best = min(c, key=lambda w: (-c[w], w))
    return f"{len(c)} {best} {c[best]}\n"
