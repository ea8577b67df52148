def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        D, r, T = d[1 + 3 * i : 4 + 3 * i]
        y = 0
        x = D
        while x < T:
            x = x * (100 + r) // 100
            y += 1
        out.append(str(y))
    return "\n".join(out) + "\n"
