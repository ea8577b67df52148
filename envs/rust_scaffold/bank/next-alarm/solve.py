def solve(inp: str) -> str:
    tok = inp.split()

    def mins(s: str) -> int:
        h, m = s.split(":")
        return int(h) * 60 + int(m)

    now = mins(tok[0])
    best = min((mins(a) - now) % 1440 for a in tok[2:])
    return f"{best}\n"
