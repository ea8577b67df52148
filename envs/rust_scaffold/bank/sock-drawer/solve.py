from collections import Counter


def solve(inp: str) -> str:
    d = inp.split()
    n = int(d[0])
    cnt = Counter(d[1 : 1 + n])
    pairs = sum(v // 2 for v in cnt.values())
    return f"{pairs} {n - 2 * pairs}\n"
