def solve(inp: str) -> str:
    first, note = inp.split("\n")[:2]
    k = int(first)
    out = []
    for ch in note:
        if ch == " ":
            out.append(ch)
        else:
            out.append(chr((ord(ch) - 97 - k) % 26 + 97))
    return "".join(out) + "\n"
