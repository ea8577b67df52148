def solve(inp: str) -> str:
    tok = inp.split()
    n = int(tok[0])
    board = tok[1 : 1 + n]
    cols: set[int] = set()
    d1: set[int] = set()
    d2: set[int] = set()

    def place(r: int) -> int:
        if r == n:
            return 1
        total = 0
        for c in range(n):
            if board[r][c] == "#" or c in cols or (r - c) in d1 or (r + c) in d2:
                continue
            cols.add(c)
            d1.add(r - c)
            d2.add(r + c)
            total += place(r + 1)
            cols.remove(c)
            d1.remove(r - c)
            d2.remove(r + c)
        return total

    return f"{place(0)}\n"
