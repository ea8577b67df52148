def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    c = d[1 : 1 + n]
    m = max(c)
    return f"{c.count(m)} {c.index(m) + 1}\n"
