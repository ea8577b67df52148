def solve(inp: str) -> str:
    tok = inp.split()
    S, n = int(tok[0]), int(tok[1])
    darts = tok[2 : 2 + n]
    score = S
    for start in range(0, n, 3):
        turn_start = score
        for j in range(start, min(n, start + 3)):
            d = darts[j]
            if d == "MISS":
                v, dbl = 0, False
            elif d == "OUTER":
                v, dbl = 25, False
            elif d == "BULL":
                v, dbl = 50, True
            else:
                v, dbl = int(d[1:]) * {"S": 1, "D": 2, "T": 3}[d[0]], d[0] == "D"
            new = score - v
            if new == 0 and dbl:
                return f"WIN {j + 1}\n"
            if new < 0 or new == 1 or new == 0:
                score = turn_start
                break
            score = new
    return f"{score}\n"
