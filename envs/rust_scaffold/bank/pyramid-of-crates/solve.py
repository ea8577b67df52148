from math import isqrt


def solve(inp: str) -> str:
    data = list(map(int, inp.split()))
    out = []
    for n in data[1:]:
        k = (isqrt(8 * n + 1) - 1) // 2
        out.append(f"{k} {n - k * (k + 1) // 2}")
    return "\n".join(out) + "\n"
