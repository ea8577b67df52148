def solve(inp: str) -> str:
    tok = inp.split()
    n, m = int(tok[0]), int(tok[1])
    g = tok[2 : 2 + n]
    mines = {(r, c) for r in range(n) for c in range(m) if g[r][c] == "*"}
    out = []
    for r in range(n):
        row = []
        for c in range(m):
            if (r, c) in mines:
                row.append("*")
            else:
                k = sum((r + dr, c + dc) in mines for dr in (-1, 0, 1) for dc in (-1, 0, 1))
                row.append(str(k))
        out.append("".join(row))
    return "\n".join(out) + "\n"
