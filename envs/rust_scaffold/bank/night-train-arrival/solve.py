def solve(inp: str) -> str:
    tok = inp.split()
    out = []
    for i in range(int(tok[0])):
        hh, mm = tok[1 + 2 * i].split(":")
        total = int(hh) * 60 + int(mm) + int(tok[2 + 2 * i])
        day, rest = divmod(total, 1440)
        out.append(f"{rest // 60:02d}:{rest % 60:02d} {day}")
    return "\n".join(out) + "\n"
