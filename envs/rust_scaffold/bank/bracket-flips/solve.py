def solve(inp: str) -> str:
    s = inp.strip()
    if len(s) % 2:
        return "-1\n"
    # cancel matched pairs: what is left looks like ")))...(((", a closes then b opens
    stack = 0
    closes = 0
    for ch in s:
        if ch == "(":
            stack += 1
        elif stack:
            stack -= 1
        else:
            closes += 1
    opens = stack
    return f"{(closes + 1) // 2 + (opens + 1) // 2}\n"
