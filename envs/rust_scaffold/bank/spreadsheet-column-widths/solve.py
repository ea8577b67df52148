def solve(inp: str) -> str:
    lines = inp.split("\n")
    n = int(lines[0])
    rows = [lines[1 + i].split(",") for i in range(n)]
    cols = max(len(r) for r in rows)
    w = [0] * cols
    for r in rows:
        for j, c in enumerate(r):
            w[j] = max(w[j], len(c))
    return " ".join(map(str, w)) + "\n"
