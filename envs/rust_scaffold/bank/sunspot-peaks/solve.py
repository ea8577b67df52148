def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    c = d[1 : 1 + n]
    peaks = [c[i] for i in range(1, n - 1) if c[i - 1] < c[i] > c[i + 1]]
    if not peaks:
        return "0 -1\n"
    return f"{len(peaks)} {max(peaks)}\n"
