def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    # best block = max over r of (prefix[r] - min prefix[l], l < r)
    best = None
    lowest = 0
    s = 0
    for x in d[1 : 1 + n]:
        s += x
        cand = s - lowest
        if best is None or cand > best:
            best = cand
        lowest = min(lowest, s)
    return f"{best}\n"
