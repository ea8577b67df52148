import calendar


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    t = d[0]
    out = []
    for i in range(t):
        y, m, w = d[1 + 3 * i : 4 + 3 * i]
        days = calendar.monthrange(y, m)[1]
        col = w - 1
        rows = 1
        for _ in range(days - 1):
            col += 1
            if col == 7:
                col = 0
                rows += 1
        out.append(str(rows))
    return "\n".join(out) + "\n"
