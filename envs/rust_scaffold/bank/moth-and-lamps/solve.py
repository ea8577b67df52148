def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, x, y = d[0], d[1], d[2]
    best = min((abs(x - d[3 + 2 * i]) + abs(y - d[4 + 2 * i]), i + 1) for i in range(n))
    return f"{best[1]} {best[0]}\n"
