def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    r = sorted(d[2 : 2 + n])
    return f"{min(r[i + k - 1] - r[i] for i in range(n - k + 1))}\n"
