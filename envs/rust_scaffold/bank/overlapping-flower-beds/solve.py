def solve(inp: str) -> str:
    v = list(map(int, inp.split()))
    out = []
    for i in range(v[0]):
        x1, y1, x2, y2, x3, y3, x4, y4 = v[1 + 8 * i : 9 + 8 * i]
        w = min(max(x1, x2), max(x3, x4)) - max(min(x1, x2), min(x3, x4))
        h = min(max(y1, y2), max(y3, y4)) - max(min(y1, y2), min(y3, y4))
        out.append(str(w * h if w > 0 and h > 0 else 0))
    return "\n".join(out) + "\n"
