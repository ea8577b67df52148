def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    used = set(d[1 : 1 + n])
    x = 1
    while x in used:
        x += 1
    return f"{x}\n"
