def solve(inp: str) -> str:
    t = inp.split()
    n, m = int(t[0]), int(t[1])
    g = t[2 : 2 + n]
    cells = 0
    shared = 0
    for i in range(n):
        row = g[i]
        cells += row.count("#")
        shared += sum(1 for j in range(m - 1) if row[j] == "#" and row[j + 1] == "#")
        if i + 1 < n:
            nxt = g[i + 1]
            shared += sum(1 for j in range(m) if row[j] == "#" and nxt[j] == "#")
    return f"{4 * cells - 2 * shared}\n"
