def solve(inp: str) -> str:
    tok = inp.split()
    n, d = int(tok[0]), int(tok[1])

    def m(s):
        return int(s[:2]) * 60 + int(s[3:])

    busy = [False] * 1440
    for i in range(n):
        s, e = m(tok[2 + 2 * i]), m(tok[3 + 2 * i])
        for x in range(s, e):
            busy[x] = True
    for start in range(9 * 60, 17 * 60 - d + 1):
        if not any(busy[start : start + d]):
            return "%02d:%02d\n" % (start // 60, start % 60)
    return "NONE\n"
