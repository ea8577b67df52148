def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for s in d[1 : 1 + d[0]]:
        days, r = divmod(s, 86400)
        h, r = divmod(r, 3600)
        m, sec = divmod(r, 60)
        parts = [f"{v}{u}" for v, u in ((days, "d"), (h, "h"), (m, "m"), (sec, "s")) if v]
        out.append(" ".join(parts) if parts else "0s")
    return "\n".join(out) + "\n"
