def solve(inp: str) -> str:
    n = int(inp.split()[0])
    rows = []
    for r in range(n):
        row = ["."] * n
        row[r] = "#"
        row[n - 1 - r] = "#"
        rows.append("".join(row))
    return "\n".join(rows) + "\n"
