def solve(inp: str) -> str:
    text = inp.rstrip("\n")
    out = []
    upper = True
    for ch in text:
        if ch.isalpha():
            out.append(ch.upper() if upper else ch.lower())
            upper = not upper
        else:
            out.append(ch)
    return "".join(out) + "\n"
