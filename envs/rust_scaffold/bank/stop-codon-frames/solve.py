def solve(inp: str) -> str:
    s = inp.split()[0]
    stops = {"TAA", "TAG", "TGA"}
    cnt = []
    for f in range(3):
        codons = [s[i : i + 3] for i in range(f, len(s) - 2, 3)]
        cnt.append(sum(1 for c in codons if c in stops))
    best = cnt.index(min(cnt)) + 1
    return f"{cnt[0]} {cnt[1]} {cnt[2]} {best}\n"
