def solve(inp: str) -> str:
    s = inp.split()[1]
    a = sum(1 for i, c in enumerate(s) if c != "WB"[i % 2])
    b = sum(1 for i, c in enumerate(s) if c != "BW"[i % 2])
    return f"{min(a, b)}\n"
