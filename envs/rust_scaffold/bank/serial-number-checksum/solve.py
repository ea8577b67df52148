def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []

    def ones(n, j):
        # how many x in [0, n] have bit j set
        if n < 0:
            return 0
        block = 1 << (j + 1)
        full = (n + 1) // block * (1 << j)
        rest = (n + 1) % block - (1 << j)
        return full + max(0, rest)

    for i in range(d[0]):
        l, r = d[1 + 2 * i], d[2 + 2 * i]
        v = 0
        for j in range(61):
            if (ones(r, j) - ones(l - 1, j)) % 2:
                v |= 1 << j
        out.append(str(v))
    return "\n".join(out) + "\n"
