def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        _k, a, b = d[1 + 3 * i : 4 + 3 * i]
        rnd = 1
        while (a + 1) // 2 != (b + 1) // 2:
            a = (a + 1) // 2
            b = (b + 1) // 2
            rnd += 1
        out.append(str(rnd))
    return "\n".join(out) + "\n"
