def solve(inp: str) -> str:
    t = inp.split()
    n = int(t[0])

    def m(s):
        return int(s[:2]) * 60 + int(s[3:])

    nice = [len(set("%02d%02d" % (x // 60, x % 60))) <= 2 for x in range(1440)]
    out = []
    for i in range(n):
        a, b = m(t[1 + 2 * i]), m(t[2 + 2 * i])
        out.append(str(sum(nice[a : b + 1])))
    return "\n".join(out) + "\n"
