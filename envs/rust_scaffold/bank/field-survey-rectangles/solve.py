def solve(inp: str) -> str:
    tok = inp.split()
    n, m, q = int(tok[0]), int(tok[1]), int(tok[2])
    rows = tok[3 : 3 + n]
    # column-wise prefix sums per row: row_pre[i][j] = sum of row i, columns 1..j
    row_pre = []
    for r in rows:
        acc = [0]
        for ch in r:
            acc.append(acc[-1] + ord(ch) - 48)
        row_pre.append(acc)
    # full 2-D prefix
    pre = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        rp = row_pre[i - 1]
        up = pre[i - 1]
        cur = pre[i]
        for j in range(1, m + 1):
            cur[j] = up[j] + rp[j]
    out = []
    p = 3 + n
    for _ in range(q):
        r1, c1, r2, c2 = (int(x) for x in tok[p : p + 4])
        p += 4
        out.append(pre[r2][c2] - pre[r1 - 1][c2] - pre[r2][c1 - 1] + pre[r1 - 1][c1 - 1])
    return "\n".join(map(str, out)) + "\n"
