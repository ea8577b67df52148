def solve(inp: str) -> str:
    t = inp.split()
    n = int(t[0])
    g = t[1 : 1 + n]
    W = [0] * n
    L = [0] * n
    for i in range(n):
        for j in range(n):
            if g[i][j] == "1":
                W[i] |= 1 << j
                L[j] |= 1 << i
    for a in range(n):
        for b in range(a + 1, n):
            above = ~((1 << (b + 1)) - 1)
            m = W[b] & L[a] if W[a] >> b & 1 else W[a] & L[b]
            m &= above
            if m:
                c = (m & -m).bit_length() - 1
                return f"{a + 1} {b + 1} {c + 1}\n"
    return "-1\n"
