def solve(inp: str) -> str:
    words = inp.split()[1:]
    return max(words, key=len) + "\n"
