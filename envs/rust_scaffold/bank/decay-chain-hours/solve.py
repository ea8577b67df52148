def solve(inp: str) -> str:
    x, p, q, t = map(int, inp.split())
    a, b, c = x, 0, 0
    for _ in range(t):
        da = a * p // 100
        db = b * q // 100
        a -= da
        b += da - db
        c += db
    return f"{a} {b} {c}\n"
