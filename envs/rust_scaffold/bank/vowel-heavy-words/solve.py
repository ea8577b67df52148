def solve(inp: str) -> str:
    words = inp.split()[1:]
    count = 0
    for w in words:
        v = sum(ch in "aeiou" for ch in w)
        if v > len(w) - v:
            count += 1
    return f"{count}\n"
