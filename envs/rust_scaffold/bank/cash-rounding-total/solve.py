def solve(inp: str) -> str:
    t = inp.split()
    n = int(t[0])
    total = 0
    for p in t[1 : 1 + n]:
        d, c = p.split(".")
        total += int(d) * 100 + int(c)
    best = None
    for cand in range(total - 2, total + 3):
        if cand % 5 == 0:
            best = cand
    return f"{best // 100}.{best % 100:02d}\n"
