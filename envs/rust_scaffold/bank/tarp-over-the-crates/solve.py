def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    xs = d[1 : 1 + 2 * n : 2]
    ys = d[2 : 2 + 2 * n : 2]
    return f"{max(max(xs) - min(xs), max(ys) - min(ys))}\n"
