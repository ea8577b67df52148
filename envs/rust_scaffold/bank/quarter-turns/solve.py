def solve(inp: str) -> str:
    tok = inp.split()
    n, k = int(tok[0]), int(tok[2])
    grid = tok[3 : 3 + n]
    for _ in range(k % 4):
        grid = ["".join(col) for col in zip(*grid[::-1], strict=True)]
    return "".join(row + "\n" for row in grid)
