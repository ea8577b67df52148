def solve(inp: str) -> str:
    table = str.maketrans("01689", "01986")
    out = []
    for s in inp.split()[1:]:
        ok = all(c in "01689" for c in s) and s.translate(table)[::-1] == s
        out.append("YES" if ok else "NO")
    return "\n".join(out) + "\n"
