def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, q = d[0], d[1]
    a = d[2 : 2 + n]
    pre = [0]
    for x in a:
        pre.append(pre[-1] + x)
    best = None
    p = 2 + n
    for _ in range(q):
        l, r = d[p], d[p + 1]
        p += 2
        v = pre[r] - pre[l - 1]
        if best is None or v > best:
            best = v
    return f"{best}\n"
