from collections import Counter


def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n = d[0]
    a = d[1 : 1 + n]
    if n <= 300:
        cnt = 0
        for i in range(n):
            x = 0
            for j in range(i, n):
                x ^= a[j]
                cnt += x == 0
        return f"{cnt}\n"
    c = Counter()
    c[0] = 1
    x = 0
    total = 0
    for v in a:
        x ^= v
        total += c[x]
        c[x] += 1
    return f"{total}\n"
