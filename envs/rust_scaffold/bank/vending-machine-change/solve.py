def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    stock = d[:8]
    den = [1, 2, 5, 10, 20, 50, 100, 200]
    q = d[8]
    out = []
    for i in range(q):
        p, a = d[9 + 2 * i], d[10 + 2 * i]
        owe = a - p
        take = [0] * 8
        for j in range(7, -1, -1):
            k = min(stock[j], owe // den[j])
            take[j] = k
            owe -= k * den[j]
        if owe == 0:
            for j in range(8):
                stock[j] -= take[j]
            out.append(str(sum(take)))
        else:
            out.append("-1")
    return "\n".join(out) + "\n"
