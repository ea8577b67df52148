def solve(inp: str) -> str:
    s = inp.strip()
    return min(s[k:] + s[:k] for k in range(len(s))) + "\n"
