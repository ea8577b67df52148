def solve(inp: str) -> str:
    s = inp.split()[0]
    table = str.maketrans("ACGT", "TGCA")
    r = s[::-1].translate(table)
    return r + "\n" + ("YES" if r == s else "NO") + "\n"
