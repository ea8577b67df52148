def solve(inp: str) -> str:
    t = inp.split()

    def m(s):
        return int(s[:2]) * 60 + int(s[3:])

    A, B, P = m(t[0]), m(t[1]), int(t[2])
    q = int(t[3])
    deps = list(range(A, B + 1, P))
    out = []
    nxt = [-1] * 1441
    j = len(deps) - 1
    for x in range(1439, -1, -1):
        while j >= 0 and deps[j] >= x:
            nxt[x] = deps[j]
            j -= 1
        if nxt[x] == -1 and x < 1439 and nxt[x + 1] != -1:
            nxt[x] = nxt[x + 1]
    for s in t[4 : 4 + q]:
        x = m(s)
        out.append(str(nxt[x] - x if nxt[x] != -1 else -1))
    return "\n".join(out) + "\n"
