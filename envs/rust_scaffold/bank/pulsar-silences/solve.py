def solve(inp: str) -> str:
    b = bin(int(inp.split()[0]))[2:].rstrip("0")
    gaps = [len(g) for g in b.split("1") if g]
    return f"{len(gaps)} {max(gaps, default=0)}\n"
