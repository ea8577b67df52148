from math import comb


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        N, m, k = d[1 + 3 * i : 4 + 3 * i]
        out.append(str(comb(m, k) * comb(N - m, m - k)))
    return "\n".join(out) + "\n"
