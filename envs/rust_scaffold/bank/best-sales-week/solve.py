def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    a = d[2 : 2 + n]
    pre = [0]
    for x in a:
        pre.append(pre[-1] + x)
    best = None
    where = 0
    for s in range(1, n - k + 2):
        v = pre[s + k - 1] - pre[s - 1]
        if best is None or v > best:
            best, where = v, s
    return f"{best} {where}\n"
