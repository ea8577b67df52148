def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    events = []
    for i in range(n):
        l, r = d[1 + 2 * i], d[2 + 2 * i]
        events.append((l, 1))
        events.append((r + 1, -1))
    events.sort()  # at equal days departures (-1) come first
    cur = 0
    best, day = 0, 0
    for x, t in events:
        cur += t
        if cur > best:
            best, day = cur, x
    return f"{best} {day}\n"
