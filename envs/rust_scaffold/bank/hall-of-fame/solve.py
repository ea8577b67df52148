import heapq


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    return " ".join(map(str, heapq.nlargest(k, d[2 : 2 + n]))) + "\n"
