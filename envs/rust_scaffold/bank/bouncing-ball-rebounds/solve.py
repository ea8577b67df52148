def solve(inp: str) -> str:
    h, p, m = map(int, inp.split())
    total = h
    cnt = 0
    x = h
    while True:
        x = x * p // 100
        if x == 0:
            break
        if x >= m:
            cnt += 1
        total += 2 * x
    return f"{cnt} {total}\n"
