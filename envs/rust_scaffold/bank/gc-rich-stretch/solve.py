def solve(inp: str) -> str:
    parts = inp.split()
    n, k, s = int(parts[0]), int(parts[1]), parts[2]
    pre = [0]
    for c in s:
        pre.append(pre[-1] + (c in "GC"))
    best, pos = -1, 0
    for i in range(n - k + 1):
        c = pre[i + k] - pre[i]
        if c > best:
            best, pos = c, i + 1
    return f"{best} {pos}\n"
