from fractions import Fraction


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k, c = d[0], d[1], d[2]
    a = d[3 : 3 + n]
    pre = [0]
    for x in a:
        pre.append(pre[-1] + x)
    cnt = sum(1 for i in range(n - k + 1) if Fraction(pre[i + k] - pre[i], k) >= c)
    return f"{cnt}\n"
