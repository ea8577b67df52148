def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, b = d[0], d[1]
    cnt = 0
    for x in sorted(d[2 : 2 + n]):
        if x > b:
            break
        b -= x
        cnt += 1
    return f"{cnt}\n"
