def solve(inp: str) -> str:
    tok = inp.split()
    t = int(tok[0])
    p = 1
    out = []
    for _ in range(t):
        s, d, n = int(tok[p]), tok[p + 1], int(tok[p + 2])
        r = list(map(int, tok[p + 3 : p + 3 + n]))
        p += 3 + n
        pending = sorted(set(r))
        pos = s
        travelled = 0
        up = d == "U"
        while pending:
            ahead = [x for x in pending if x >= pos] if up else [x for x in pending if x <= pos]
            if not ahead:
                up = not up
                continue
            target = max(ahead) if up else min(ahead)
            travelled += abs(target - pos)
            pos = target
            aset = set(ahead)
            pending = [x for x in pending if x not in aset]
            up = not up
        out.append(str(travelled))
    return "\n".join(out) + "\n"
