def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    xs, ys = d[1 : 1 + 2 * n : 2], d[2 : 2 + 2 * n : 2]
    if n <= 300:
        best = 0
        for i in range(n):
            for j in range(i + 1, n):
                best = max(best, abs(xs[i] - xs[j]) + abs(ys[i] - ys[j]))
        return f"{best}\n"
    s = [x + y for x, y in zip(xs, ys, strict=False)]
    t = [x - y for x, y in zip(xs, ys, strict=False)]
    return f"{max(max(s) - min(s), max(t) - min(t))}\n"
