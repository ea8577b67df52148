def solve(inp: str) -> str:
    x = int(inp.split()[0])
    steps = 0
    while x >= 10:
        p = 1
        for c in str(x):
            p *= int(c)
        x = p
        steps += 1
    return f"{steps} {x}\n"
