def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    out = []
    for i in range(v[0]):
        n, k, p = v[1 + 3 * i : 4 + 3 * i]
        sheets = -(-n // k)
        out.append(f"{sheets} {sheets * p} {sheets * k - n}")
    return "\n".join(out) + "\n"
