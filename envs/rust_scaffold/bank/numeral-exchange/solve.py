DIG = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def solve(inp: str) -> str:
    tok = inp.split()
    q = int(tok[0])
    out = []
    for i in range(q):
        a, b, x = int(tok[1 + 3 * i]), int(tok[2 + 3 * i]), tok[3 + 3 * i]
        v = int(x, a)
        s = ""
        while v:
            s = DIG[v % b] + s
            v //= b
        out.append(s or "0")
    return "\n".join(out) + "\n"
