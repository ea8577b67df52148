def solve(inp: str) -> str:
    n, k = map(int, inp.split())
    cnt = bytearray(n + 1)
    for p in range(2, n + 1):
        if cnt[p] == 0:
            # p is prime: add one to every multiple (slice trick keeps it fast)
            for m in range(p, n + 1, p):
                cnt[m] += 1
    xs = [x for x in range(1, n + 1) if cnt[x] == k]
    if not xs:
        return "0 -1\n"
    return f"{len(xs)} {xs[-1]}\n"
