def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        P, r, f = d[1 + 3 * i : 4 + 3 * i]

        def pct(x):
            return x * (100 - r) // 100

        def fix(x):
            return max(0, x - f)

        out.append(str(min(fix(pct(P)), pct(fix(P)))))
    return "\n".join(out) + "\n"
