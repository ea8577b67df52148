def solve(inp: str) -> str:
    d = list(map(int, inp.split()))
    n, k = d[0], d[1]
    t = d[2 : 2 + n]
    # run[i] = length of the strictly increasing run ending at day i
    cnt = 0
    run = 0
    for i in range(n):
        run = run + 1 if i > 0 and t[i] > t[i - 1] else 1
        if run >= k:
            cnt += 1
    return f"{cnt}\n"
