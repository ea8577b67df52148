def solve(inp: str) -> str:
    tok = inp.split()
    out = []
    for sq in tok[1:]:
        c, r = ord(sq[0]) - ord("a"), int(sq[1]) - 1
        n = 0
        for dc in (-2, -1, 1, 2):
            for dr in (-2, -1, 1, 2):
                if abs(dc) != abs(dr) and 0 <= c + dc < 8 and 0 <= r + dr < 8:
                    n += 1
        out.append(str(n))
    return "\n".join(out) + "\n"
