from collections import Counter


def solve(inp: str) -> str:
    d = inp.split()
    n = int(d[0])
    return f"{n - max(Counter(d[1 : 1 + n]).values())}\n"
