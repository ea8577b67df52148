from math import lcm


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    p = [0, *d[1 : 1 + n]]
    seen = [False] * (n + 1)
    lens = set()
    for i in range(1, n + 1):
        if not seen[i]:
            c = 0
            j = i
            while not seen[j]:
                seen[j] = True
                j = p[j]
                c += 1
            lens.add(c)
    ans = 1
    for c in lens:
        ans = lcm(ans, c)
    return f"{ans % 1000000007}\n"
