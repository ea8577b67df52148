def solve(inp: str) -> str:
    s = inp.strip()
    tape = ""
    # process blocks between clear marks; only the part after the last '*' matters
    s = s.split("*")[-1]
    kept = []
    for ch in s:
        if ch == "<":
            if kept:
                kept.pop()
        else:
            kept.append(ch)
    tape = "".join(kept)
    return (tape if tape else "EMPTY") + "\n"
