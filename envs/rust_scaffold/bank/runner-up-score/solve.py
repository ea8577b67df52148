def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    vals = sorted(set(d[1 : 1 + n]))
    if len(vals) < 2:
        return "NONE\n"
    return f"{vals[-2]}\n"
