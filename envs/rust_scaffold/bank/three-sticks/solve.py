def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    out = []
    for i in range(v[0]):
        a, b, c = sorted(v[1 + 3 * i : 4 + 3 * i])
        out.append("YES" if a + b > c else "NO")
    return "\n".join(out) + "\n"
