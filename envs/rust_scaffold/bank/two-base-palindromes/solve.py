def digits(x, b):
    r = []
    while x:
        r.append(x % b)
        x //= b
    return r


def solve(inp: str) -> str:
    n, b = map(int, inp.split())
    cnt = 0
    best = 0
    for x in range(1, n + 1):
        s = str(x)
        if s != s[::-1]:
            continue
        d = digits(x, b)
        if d == d[::-1]:
            cnt += 1
            best = x
    return f"{cnt} {best}\n"
