from math import isqrt


def solve(inp: str) -> str:
    lo, hi = map(int, inp.split())
    root = isqrt(hi)
    small = bytearray([1]) * (root + 1)
    small[0:2] = b"\x00\x00"[: min(2, root + 1)]
    for i in range(2, isqrt(root) + 1):
        if small[i]:
            small[i * i :: i] = bytearray(len(range(i * i, root + 1, i)))
    window = bytearray([1]) * (hi - lo + 1)
    for p in range(2, root + 1):
        if small[p]:
            start = max(p * p, (lo + p - 1) // p * p)
            if start <= hi:
                window[start - lo :: p] = bytearray(len(range(start, hi + 1, p)))
    if lo == 1:
        window[0] = 0
    return f"{sum(window)}\n"
