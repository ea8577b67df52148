def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    t = sorted(d[1 : 1 + n])
    return f"{t[(n + 1) // 2 - 1]}\n"
