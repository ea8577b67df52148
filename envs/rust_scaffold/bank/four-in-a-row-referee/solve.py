def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    R, C, n = d[0], d[1], d[2]
    g = [[None] * C for _ in range(R)]
    h = [0] * C

    for i in range(n):
        c = d[3 + i] - 1
        p = "X" if i % 2 == 0 else "O"
        g[h[c]][c] = p
        h[c] += 1
        # only the player who just moved can newly win
        if i >= 6 and local_win(g, R, C, h[c] - 1, c, p):
            return f"{p} {i + 1}\n"
    return "NONE\n"


def local_win(g, R, C, r, c, p):
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        cells = [(r + dr * k, c + dc * k) for k in range(-3, 4)]
        run = 0
        for rr, cc in cells:
            if 0 <= rr < R and 0 <= cc < C and g[rr][cc] == p:
                run += 1
                if run >= 4:
                    return True
            else:
                run = 0
    return False
