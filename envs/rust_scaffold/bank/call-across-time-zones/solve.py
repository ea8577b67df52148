def solve(inp: str) -> str:
    lines = inp.strip().split("\n")
    t = int(lines[0])
    out = []
    for line in lines[1 : 1 + t]:
        tm, a, b = line.split()
        h, m = map(int, tm.split(":"))
        minutes = h * 60 + m + (int(b) - int(a)) * 60
        day = "same"
        if minutes < 0:
            minutes += 1440
            day = "previous"
        elif minutes >= 1440:
            minutes -= 1440
            day = "next"
        out.append("%02d:%02d %s" % (minutes // 60, minutes % 60, day))
    return "\n".join(out) + "\n"
