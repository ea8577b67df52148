def solve(inp: str) -> str:
    x = y = 0
    best = 0
    step = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
    for ch in inp.strip():
        dx, dy = step[ch]
        x += dx
        y += dy
        best = max(best, abs(x) + abs(y))
    return f"{abs(x) + abs(y)} {best}\n"
