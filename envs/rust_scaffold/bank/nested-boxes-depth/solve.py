def solve(inp: str) -> str:
    s = inp.strip()
    depth = best = top = 0
    for ch in s:
        if ch == "(":
            if depth == 0:
                top += 1
            depth += 1
            best = max(best, depth)
        else:
            depth -= 1
    return f"{best} {top}\n"
