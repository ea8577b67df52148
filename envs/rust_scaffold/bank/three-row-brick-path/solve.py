MOD = 10**9 + 7


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    qs = d[1 : 1 + d[0]]
    top = max(qs)
    # profile DP over columns: state = mask of cells in the next column already covered
    # transitions from an empty column: full(3 across... ) computed by brute force once
    trans = {}
    for mask in range(8):
        res = []

        def fill(row, cur, nxt):
            if row == 3:
                res.append(nxt)
                return
            if cur >> row & 1:
                fill(row + 1, cur, nxt)
                return
            # horizontal brick sticking into next column
            fill(row + 1, cur | 1 << row, nxt | 1 << row)
            # vertical brick in this column
            if row + 1 < 3 and not (cur >> (row + 1) & 1):
                fill(row + 2, cur | 3 << row, nxt)

        fill(0, mask, 0)
        trans[mask] = res
    dp = [0] * 8
    dp[0] = 1
    answers = {0: 1}
    for col in range(1, top + 1):
        nd = [0] * 8
        for m in range(8):
            if dp[m]:
                for nm in trans[m]:
                    nd[nm] = (nd[nm] + dp[m]) % MOD
        dp = nd
        answers[col] = dp[0]
    return "\n".join(str(answers[n]) for n in qs) + "\n"
