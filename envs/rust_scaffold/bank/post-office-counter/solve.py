def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    free = 0
    wait = 0
    for i in range(n):
        t, s = d[1 + 2 * i], d[2 + 2 * i]
        start = max(free, t)
        wait = max(wait, start - t)
        free = start + s
    return f"{free} {wait}\n"
