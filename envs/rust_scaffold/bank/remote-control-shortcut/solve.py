def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    out = []
    for i in range(d[0]):
        n, a, b = d[1 + 3 * i : 4 + 3 * i]
        up = (b - a) % n
        down = (a - b) % n
        out.append(str(min(up, down, len(str(b)))))
    return "\n".join(out) + "\n"
