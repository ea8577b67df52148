def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    a = d[1::2][:n]
    b = d[2::2][:n]
    # only removing an interval holding the max a or the min b can change the window
    cand = {a.index(max(a)), b.index(min(b)), 0}
    best = -1
    for r in cand:
        L = max(a[i] for i in range(n) if i != r)
        R = min(b[i] for i in range(n) if i != r)
        if L <= R:
            best = max(best, R - L)
    return f"{best}\n"
