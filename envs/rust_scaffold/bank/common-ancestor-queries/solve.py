def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, q = d[0], d[1]
    p = [0, *d[2 : 2 + n]]
    out = []
    pos = 2 + n
    for _ in range(q):
        u, v = d[pos], d[pos + 1]
        pos += 2
        # distances from u to each of its ancestors
        up = {}
        x, k = u, 0
        while x:
            up[x] = k
            x = p[x]
            k += 1
        x, k = v, 0
        while x not in up:
            x = p[x]
            k += 1
        out.append(f"{x} {up[x] + k}")
    return "\n".join(out) + "\n"
