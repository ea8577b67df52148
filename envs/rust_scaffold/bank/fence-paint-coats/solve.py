def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, m, k = d[0], d[1], d[2]
    events = {}
    for j in range(m):
        l, r = d[3 + 2 * j], d[4 + 2 * j]
        events[l] = events.get(l, 0) + 1
        events[r + 1] = events.get(r + 1, 0) - 1
    # sweep over the event points only; coverage is constant between them
    pts = sorted(events)
    cur = 0
    total = 0
    for a, b in zip(pts, [*pts[1:], n + 1], strict=False):
        cur += events[a]
        if cur >= k and a <= n:
            total += min(b, n + 1) - a
    return f"{total}\n"
