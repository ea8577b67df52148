def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    talks = [(d[1 + 2 * i], d[2 + 2 * i]) for i in range(n)]
    talks.sort(key=lambda t: t[1])
    free_at = -1
    cnt = 0
    for s, e in talks:
        if s >= free_at:
            cnt += 1
            free_at = e
    return f"{cnt}\n"
