def solve(inp: str) -> str:
    tok = inp.split()
    pals = []
    for h in range(24):
        for m in range(60):
            s = f"{h:02d}{m:02d}"
            if s == s[::-1]:
                pals.append(h * 60 + m)
    out = []
    for tm in tok[1:]:
        now = int(tm[:2]) * 60 + int(tm[3:])
        best = min(pals, key=lambda p: (p - now - 1) % 1440)
        wait = (best - now - 1) % 1440 + 1
        out.append(f"{best // 60:02d}:{best % 60:02d} {wait}")
    return "\n".join(out) + "\n"
