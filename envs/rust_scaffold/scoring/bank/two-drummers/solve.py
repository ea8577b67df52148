from math import gcd


def solve(inp: str) -> str:
    data = list(map(int, inp.split()))
    t = data[0]
    out = []
    for i in range(t):
        a, b, lo, hi = data[1 + 4 * i : 5 + 4 * i]
        c = a // gcd(a, b) * b

        def upto(n: int) -> int:
            return n // a + n // b - n // c

        out.append(str(upto(hi) - upto(lo - 1)))
    return "\n".join(out) + "\n"
