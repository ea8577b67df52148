def solve(inp: str) -> str:
    lines = inp.split()
    n, m = int(lines[0]), int(lines[1])
    g = [list(r) for r in lines[2 : 2 + n]]
    moved = True
    while moved:
        moved = False
        for r in range(n - 2, -1, -1):
            for c in range(m):
                if g[r][c] == "o" and g[r + 1][c] == ".":
                    g[r][c], g[r + 1][c] = ".", "o"
                    moved = True
    return "".join("".join(row) + "\n" for row in g)
