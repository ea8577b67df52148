from collections import Counter


def solve(inp: str) -> str:
    words = inp.split()[1:]
    groups = Counter("".join(sorted(w)) for w in words)
    return f"{sum(k * (k - 1) // 2 for k in groups.values())}\n"
