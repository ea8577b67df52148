def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    p = d[1 : 1 + n]
    best = 0
    hi = 0
    for x in reversed(p):
        hi = max(hi, x)
        best = max(best, hi - x)
    return f"{best}\n"
