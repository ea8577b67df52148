from math import isqrt


def solve(inp: str) -> str:
    c = int(inp.split()[0])
    # 3r^2 + 3r + 1 <= c; start near the root and adjust
    r = max(0, (isqrt(12 * c - 3) - 3) // 6)
    while 1 + 3 * (r + 1) * (r + 2) <= c:
        r += 1
    while r > 0 and 1 + 3 * r * (r + 1) > c:
        r -= 1
    return f"{r} {c - (1 + 3 * r * (r + 1))}\n"
