from math import isqrt


def solve(inp: str) -> str:
    nums = list(map(int, inp.split()))[1:]
    out = []
    for n in nums:
        count = 0
        for a in range(isqrt(n // 2) + 1):
            rest = n - a * a
            b = isqrt(rest)
            if b * b == rest and a <= b:
                count += 1
        out.append(str(count))
    return "\n".join(out) + "\n"
