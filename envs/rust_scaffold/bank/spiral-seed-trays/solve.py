def solve(inp: str) -> str:
    n, m = map(int, inp.split())
    grid = [[0] * m for _ in range(n)]
    top, bottom, left, right = 0, n - 1, 0, m - 1
    k = 1
    while top <= bottom and left <= right:
        for c in range(left, right + 1):
            grid[top][c] = k
            k += 1
        for r in range(top + 1, bottom + 1):
            grid[r][right] = k
            k += 1
        if top < bottom:
            for c in range(right - 1, left - 1, -1):
                grid[bottom][c] = k
                k += 1
        if left < right:
            for r in range(bottom - 1, top, -1):
                grid[r][left] = k
                k += 1
        top, bottom, left, right = top + 1, bottom - 1, left + 1, right - 1
    return "".join(" ".join(map(str, row)) + "\n" for row in grid)
