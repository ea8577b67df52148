def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, b = d[0], d[1]
    best = b
    cur = b
    for x in d[2 : 2 + n]:
        cur += x
        best = min(best, cur)
    return f"{best}\n"
