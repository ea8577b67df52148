def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    rows = []
    p = 1
    for i in range(1, n + 1):
        rows.append(d[p : p + i])
        p += i
    # bottom-up: best[j] = best total from ledge j of the current level down to the bottom
    best = rows[-1][:]
    for i in range(n - 2, -1, -1):
        best = [rows[i][j] + max(best[j], best[j + 1]) for j in range(i + 1)]
    return f"{best[0]}\n"
