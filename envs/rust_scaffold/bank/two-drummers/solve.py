from math import gcd


def upto(n: int, a: int, b: int, c: int) -> int:
    return n // a + n // b - n // c


def solve(inp: str) -> str:
    data = list(map(int, inp.split()))
    t = data[0]
    out = []
    for i in range(t):
        a, b, lo, hi = data[1 + 4 * i : 5 + 4 * i]
        c = a // gcd(a, b) * b
        out.append(str(upto(hi, a, b, c) - upto(lo - 1, a, b, c)))
    return "\n".join(out) + "\n"
