def solve(inp: str) -> str:
    t = inp.split()
    n = int(t[0])
    out = []
    for tm in t[1 : 1 + n]:
        h, m = tm.split(":")
        h = int(h)
        suffix = "AM" if h < 12 else "PM"
        shown = h % 12
        if shown == 0:
            shown = 12
        out.append(f"{shown}:{m} {suffix}")
    return "\n".join(out) + "\n"
