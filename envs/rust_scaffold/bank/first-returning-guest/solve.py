def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    seen = set()
    for j in range(n):
        x = d[1 + j]
        if x in seen:
            return f"{j + 1} {x}\n"
        seen.add(x)
    return "-1\n"
