def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    cur = best = 0
    for i in range(n):
        cur -= d[1 + 2 * i]
        cur += d[2 + 2 * i]
        best = max(best, cur)
    return f"{best}\n"
