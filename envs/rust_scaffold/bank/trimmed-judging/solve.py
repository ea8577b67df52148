def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    best = None
    for i in range(n):
        sc = sorted(d[2 + i * k : 2 + (i + 1) * k])
        r = sum(sc[1:-1])
        if best is None or r > best[1]:
            best = (i + 1, r)
    return f"{best[0]} {best[1]}\n"
