def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        q, k, p, s = d[1 + 4 * i : 5 + 4 * i]
        most = -(-q // k)
        if most <= 2000:
            best = min(j * p + max(0, q - j * k) * s for j in range(most + 1))
        else:
            best = min(q * s, (q // k) * p + (q % k) * s, most * p)
        out.append(str(best))
    return "\n".join(out) + "\n"
